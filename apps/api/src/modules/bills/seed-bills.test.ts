import type { BillSummary } from '@bp/contracts';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, login, useTestApp } from '../../test/build-test-app.ts';
import { caller } from '../entities/test-support.ts';
import { billBooks } from './test-support.ts';

describe.each(backends)('demo bills (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  it('fill every queue of Demo Family Office and leave two bills for client@demo.test to approve', async () => {
    const books = await billBooks(t);
    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const counts = (await manager('GET', `${books.queues}/queue-counts?client=${books.client.guid}`)).json();
    expect(counts).toMatchObject({
      'pre-bill-inbox': 1,
      'client-approval': 2,
      'org-approval': 1,
      'payment-pending': 1,
      paid: 1,
      rejected: 1,
    });

    const client = caller(t, await login(t.app, 'client@demo.test'));
    const waiting = (await client('GET', `${books.base}?client_list=client-pre-bill`)).json();
    expect(waiting.count).toBe(2);
    for (const summary of waiting.results as BillSummary[]) {
      const bill = (await client('GET', books.bill(summary.guid))).json();
      expect(bill.can.approve, summary.invoice_number ?? '').toBe(true);
      expect(bill.plan.find((s: { current: boolean }) => s.current).kind).toBe('client_approval');
      expect(bill.plan[0]).toMatchObject({
        kind: 'org_approval',
        result: 'approved',
        approved_by: { first_name: 'Maya' },
      });
    }
    // The client never sees the draft.
    expect((await client('GET', books.base)).json().count).toBe(6);

    const paid = (await manager('GET', `${books.base}?queue=paid`)).json().results[0];
    expect(paid.paid_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const annotated = (await manager('GET', `${books.base}?search=PPL-2024-0214`)).json().results[0];
    expect((await manager('GET', `${books.bill(annotated.guid)}/notes`)).json().count).toBe(1);
    const timeline = (await manager('GET', `${books.bill(annotated.guid)}/events`)).json().results;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'bill_created',
      'bill_workflow_changed',
      'bill_workflow_changed',
    ]);

    // Second Org has a bill of its own, out of Demo Family Office's queues.
    const other = caller(t, await login(t.app, 'other@second.test'));
    const secondOrg = (await other('GET', '/v1/accounts/organizations')).json();
    const orgGuid = (secondOrg.results ?? secondOrg)[0].guid;
    expect((await other('GET', `/v1/billing/organizations/${orgGuid}/bills`)).json().count).toBe(1);
  });
});
