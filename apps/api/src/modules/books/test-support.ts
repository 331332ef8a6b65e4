import type { BookAccount, JournalEntry } from '@bp/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import type { Caller } from '../../test/org-admin.ts';
import { billBooks } from '../bills/test-support.ts';

/** Books test kit: Harper Household's legal entity, its books base path and helpers over the API. */
export async function booksKit(t: TestApp, staff: Caller) {
  const b = await billBooks(t);
  const base = `/v2/integrations/proxy/entity/clients/${b.client.guid}/entities/${b.legal.guid}`;

  async function account(body: Record<string, unknown>): Promise<BookAccount> {
    const res = await staff.post(`${base}/accounts`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BookAccount;
  }

  /** Posts an entry of [account, signed cents] pairs (debit > 0) and answers it. */
  async function post(
    date: string,
    lines: [BookAccount, number][],
    status = 'posted',
  ): Promise<JournalEntry> {
    const res = await staff.post(`${base}/journals`, {
      date,
      memo: `entry of ${date}`,
      status,
      lines: lines.map(([a, cents]) => ({
        account: a.guid,
        debit: Math.max(cents, 0),
        credit: Math.max(-cents, 0),
      })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as JournalEntry;
  }

  return { b, base, account, post };
}
