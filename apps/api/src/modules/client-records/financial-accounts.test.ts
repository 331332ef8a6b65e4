import type { FinancialAccount } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { clients } from '../clients/tables.ts';

/** A client's financial accounts with balances staff enter by hand (decision 029). */
describe.each(backends)('financial accounts (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let base: string;
  let lindqvistBase: string;

  const call = async (email: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await login(t.app, email)),
      ...(payload ? { payload } : {}),
    });
  const guidOf = async (name: string) => {
    const [row] = await t.deps.database.db.select().from(clients).where(eq(clients.name, name));
    if (!row) throw new Error(`${name} is not seeded`);
    return row.guid;
  };

  beforeAll(async () => {
    base = `/v1/accounts/clients/${await guidOf('Harper Household')}/financial-accounts`;
    lindqvistBase = `/v1/accounts/clients/${await guidOf('Lindqvist Trust')}/financial-accounts`;
  });

  it('lets staff record balances and the kind and minimum, audited, and the client read them', async () => {
    const before = (await call('client@demo.test', 'GET', base)).json().results as FinancialAccount[];
    expect(before).toEqual([
      expect.objectContaining({
        name: 'Operating account',
        account_last4: '4821',
        account_kind: 'bank',
        balance: null,
        balance_source: null,
        last_statement_date: null,
      }),
    ]);
    const account = before[0]?.guid;
    const older = await call('manager@demo.test', 'POST', `${base}/${account}/balances`, {
      balance: 1_250_000,
      as_of: '2026-03-31',
    });
    expect(older.statusCode).toBe(201);
    // A later "as of" wins, even entered first; an overdrawn balance is negative.
    await call('manager@demo.test', 'POST', `${base}/${account}/balances`, {
      balance: -4_500,
      as_of: '2026-04-30',
    });
    const stale = await call('manager@demo.test', 'POST', `${base}/${account}/balances`, {
      balance: 999,
      as_of: '2026-01-31',
    });
    expect(stale.json()).toMatchObject({ balance: -4_500, balance_as_of: '2026-04-30' });
    const patched = await call('manager@demo.test', 'PATCH', `${base}/${account}`, {
      account_kind: 'investment',
      minimum_balance: 100_000,
    });
    expect(patched.statusCode).toBe(200);
    const [seen] = (await call('client@demo.test', 'GET', base)).json().results as FinancialAccount[];
    expect(seen).toMatchObject({
      account_kind: 'investment',
      minimum_balance: 100_000,
      balance: -4_500,
      balance_as_of: '2026-04-30',
      balance_source: 'entered_by_hand',
      below_minimum: true,
    });
    const audits = await t.deps.database.db
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.objectGuid, account ?? ''), eq(auditRecords.objectType, 'client_institution')),
      );
    expect(audits.map((a) => a.action).sort()).toEqual([
      'financial_account_balance_recorded',
      'financial_account_balance_recorded',
      'financial_account_balance_recorded',
      'financial_account_changed',
    ]);
  });

  it('refuses writes to client users and advisors, bad amounts, and other tenants', async () => {
    const [account] = (await call('manager@demo.test', 'GET', base)).json().results as FinancialAccount[];
    const url = `${base}/${account?.guid}/balances`;
    const body = { balance: 100, as_of: '2026-05-01' };
    for (const email of ['client@demo.test', 'observer@demo.test', 'advisor@demo.test']) {
      expect((await call(email, 'POST', url, body)).statusCode, email).toBe(403);
    }
    // The advisor reads its client's accounts (SPEC §6 lists financial-accounts), not another client's.
    expect((await call('advisor@demo.test', 'GET', base)).statusCode).toBe(200);
    expect((await call('advisor@demo.test', 'GET', lindqvistBase)).statusCode).toBe(404);
    expect((await call('other@second.test', 'GET', base)).statusCode).toBe(404);
    const bad = await call('manager@demo.test', 'POST', url, { balance: 12.5, as_of: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['as_of', 'balance']);
    const unknown = `${base}/00000000-0000-4000-8000-000000000000/balances`;
    expect((await call('manager@demo.test', 'POST', unknown, body)).statusCode).toBe(404);
  });
});
