import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { billBooks } from '../bills/test-support.ts';
import { vendors } from '../entities/tables.ts';
import { loadSdnCsv } from './loader.ts';

const sample = readFileSync(join(import.meta.dirname, 'fixtures/sdn-sample.csv'), 'utf8');

// The bill API screens the payee when it plans a bill; this follows one bill from entry through the
// sanctions hold to the client, as a user of the product would see it.
describe.each(backends)('a bill to a sanctioned payee (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('waits in ofac_approval until staff who may clear sanctions matches approve it', async () => {
    await loadSdnCsv(t.deps.database.db, sample);
    const books = await billBooks(t);
    const [payee] = await t.deps.database.db
      .insert(vendors)
      .values({ entityId: books.legal.id, name: 'Northwind Maritime Trading Ltd' })
      .returning();
    const call = async (email: string) => {
      const auth = bearer(await login(t.app, email));
      return (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
        t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    };
    const associate = await call('associate@demo.test');
    const manager = await call('manager@demo.test');
    const superAdmin = await call('super@demo.test');

    const created = await associate('POST', books.base, books.request({ vendor: payee?.guid as string }));
    expect(created.statusCode).toBe(201);
    const bill = created.json();
    expect(bill.sanctions_match).toBe(true);
    expect(bill.plan.map((s: { kind: string }) => s.kind)).toContain('ofac_approval');
    // A clean payee is not held.
    const clean = (await associate('POST', books.base, books.request())).json();
    expect(clean.sanctions_match).toBe(false);
    expect(clean.plan.map((s: { kind: string }) => s.kind)).not.toContain('ofac_approval');

    const workflow = `${books.bill(bill.guid)}/workflow`;
    expect((await manager('POST', workflow, { action: 'approve' })).statusCode).toBe(200);
    expect((await manager('GET', books.bill(bill.guid))).json().status).toBe('ofac_approval');
    // Staff without bills.ofac_clear cannot clear it.
    expect((await associate('POST', workflow, { action: 'approve' })).statusCode).toBe(403);
    expect((await superAdmin('POST', workflow, { action: 'approve' })).statusCode).toBe(200);
    expect((await manager('GET', books.bill(bill.guid))).json().status).toBe('client_approval');
  });
});
