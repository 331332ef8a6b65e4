import type { CashOutflow, Portfolio } from '@bp/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { billKit } from '../bill-search/test-support.ts';

const ADVISOR = 'advisor@demo.test';
const FAMILY = 'family@demo.test';
const MANAGER = 'manager@demo.test';
const HARPER = 'Harper Household';
const OKAFOR = 'Okafor Family';
const LINDQVIST = 'Lindqvist Trust';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (d: Date, days: number) => new Date(d.getTime() + days * 24 * 60 * 60 * 1000);

/**
 * The advisor's and the family office's portfolio (decision 029): who sees which clients, the figures,
 * and SPEC §6's path allow-list and the advisor's read-only access, enforced by the API.
 */
describe.each(backends)('portfolio (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const kit = billKit(t);
  const guids: Record<string, string> = {};
  let harperWaiting: string;

  const call = async (email: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const tokens = await login(t.app, email);
    return t.app.inject({
      method,
      url,
      headers: { ...bearer(tokens), 'x-timezone': 'UTC' },
      ...(payload ? { payload } : {}),
    });
  };

  beforeAll(async () => {
    await kit.clearBills();
    for (const name of [HARPER, OKAFOR, LINDQVIST]) guids[name] = (await kit.demoClient(name)).client.guid;
    const today = t.clock.now;
    // Waiting on the family: Harper one overdue and one to come; Okafor one; Lindqvist one (not the advisor's).
    harperWaiting = await kit.insertBill(HARPER, {
      status: 'client_approval',
      amount: 20_000,
      dueDate: isoDay(plusDays(today, -2)),
    });
    await kit.insertBill(HARPER, {
      status: 'needs_2nd_approval',
      amount: 30_000,
      dueDate: isoDay(plusDays(today, 9)),
    });
    // Not waiting on the family: the organisation's review, and paid.
    await kit.insertBill(HARPER, {
      status: 'org_approval',
      amount: 10_000,
      dueDate: isoDay(plusDays(today, -5)),
    });
    await kit.insertBill(HARPER, { status: 'paid', amount: 40_000 });
    await kit.insertBill(OKAFOR, {
      status: 'client_pre_approval',
      amount: 5_000,
      dueDate: isoDay(plusDays(today, 3)),
    });
    await kit.insertBill(LINDQVIST, {
      status: 'client_approval',
      amount: 7_000,
      dueDate: isoDay(plusDays(today, -1)),
    });
  });

  it("lists the advisor's linked clients with bills waiting, overdue approvals, outflow and reports", async () => {
    const res = await call(ADVISOR, 'GET', '/v1/accounts/advisor/clients');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Portfolio;
    expect(body.results.map((c) => c.name)).toEqual([HARPER, OKAFOR]);
    const [harper, okafor] = body.results;
    expect(harper).toMatchObject({
      guid: guids[HARPER],
      is_onboarding_completed: true,
      bills_waiting: { count: 2, amount: 50_000 },
      approvals_overdue: { count: 1, amount: 20_000 },
    });
    // Each client's step progress is its checklist's, as staff read it on the onboarding page.
    for (const row of body.results) {
      const checklist = (await call(MANAGER, 'GET', `/v1/accounts/clients/${row.guid}/onboarding`)).json();
      expect(row.onboarding_progress, row.name).toEqual({
        done: checklist.progress.completed_steps,
        total: checklist.progress.total_steps,
      });
    }
    expect(okafor).toMatchObject({
      is_onboarding_completed: false,
      bills_waiting: { count: 1, amount: 5_000 },
      approvals_overdue: { count: 0, amount: 0 },
      cash_outflow_next_3_months: 0,
      reports_count: 0,
    });
    // The outflow is what the client's own cash-outflow chart shows for the same three months.
    const outflow = (
      await call(ADVISOR, 'GET', `/v1/billing/clients/${guids[HARPER]}/commitments/cash-outflow`)
    ).json() as CashOutflow;
    const threeMonths = outflow.months.slice(0, 3).reduce((n, m) => n + m.committed, 0);
    expect(threeMonths).toBeGreaterThan(0); // the demo's commitments are Harper's
    expect(harper?.cash_outflow_next_3_months).toBe(threeMonths);
    // The reports count is the client's reports list's.
    const reports = (await call(ADVISOR, 'GET', `/v1/reports/clients/${guids[HARPER]}/reports`)).json();
    expect(harper?.reports_count).toBe(reports.count);
    expect(reports.count).toBeGreaterThan(0);
    expect(body.totals).toEqual({
      clients: 2,
      onboarding_not_completed: 1,
      bills_waiting: { count: 3, amount: 55_000 },
      approvals_overdue: { count: 1, amount: 20_000 },
      cash_outflow_next_3_months: threeMonths,
      investments_total: 0,
      funding_required: 0,
    });
  });

  it("lists the family office's clients, and each audience reads only its own portfolio", async () => {
    const res = await call(FAMILY, 'GET', '/v1/accounts/foa/clients');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Portfolio;
    expect(body.results.map((c) => [c.name, c.bills_waiting, c.approvals_overdue])).toEqual([
      [LINDQVIST, { count: 1, amount: 7_000 }, { count: 1, amount: 7_000 }],
    ]);
    expect((await call(ADVISOR, 'GET', '/v1/accounts/foa/clients')).statusCode).toBe(403);
    expect((await call(FAMILY, 'GET', '/v1/accounts/advisor/clients')).statusCode).toBe(403);
    // A plain client user and staff are in neither mode.
    expect((await call('client@demo.test', 'GET', '/v1/accounts/advisor/clients')).statusCode).toBe(403);
    expect((await call('manager@demo.test', 'GET', '/v1/accounts/foa/clients')).statusCode).toBe(403);
  });

  it('keeps the advisor out of clients it is not linked to', async () => {
    const lindqvist = guids[LINDQVIST];
    for (const url of [
      `/v1/billing/clients/${lindqvist}/bills`,
      `/v1/billing/clients/${lindqvist}/summary-metrics`,
      `/v1/billing/clients/${lindqvist}/commitments/cash-outflow`,
      `/v1/reports/clients/${lindqvist}/reports`,
    ]) {
      expect((await call(ADVISOR, 'GET', url)).statusCode, url).toBe(404);
    }
  });

  it("holds advisors and family offices to SPEC §6's areas, and advisors to reading bills", async () => {
    const harper = guids[HARPER];
    expect((await call(ADVISOR, 'GET', `/v1/billing/clients/${harper}/bills`)).statusCode).toBe(200);
    // The advanced search is not among the areas: 403 for the advisor, 200 for the family's own user.
    const search = await call(ADVISOR, 'GET', `/v1/billing/clients/${harper}/advanced-search`);
    expect(search.statusCode).toBe(403);
    expect(search.json()).toMatchObject({ code: 'path_not_allowed' });
    expect(
      (await call('client@demo.test', 'GET', `/v1/billing/clients/${harper}/advanced-search`)).statusCode,
    ).toBe(200);
    const lindqvist = guids[LINDQVIST];
    expect((await call(FAMILY, 'GET', `/v1/inbox/clients/${lindqvist}/emails`)).statusCode).toBe(403);
    // The advisor reads the bill waiting on the family but may not decide it (the guard refuses before
    // the workflow looks at the bill); the family's own client gets past the guard to the workflow.
    const approve = `/v1/billing/clients/${harper}/bills/${harperWaiting}/workflow`;
    expect(
      (await call(ADVISOR, 'GET', `/v1/billing/clients/${harper}/bills/${harperWaiting}`)).statusCode,
    ).toBe(200);
    const refused = await call(ADVISOR, 'POST', approve, { action: 'approve' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "Advisors have read-only access to their clients' bills and commitments.",
    );
    const byClient = await call('client@demo.test', 'POST', approve, { action: 'approve' });
    expect(byClient.statusCode).not.toBe(403);
  });
});
