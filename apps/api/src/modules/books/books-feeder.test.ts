import type {
  BankLine,
  BookAccount,
  BookPipeline,
  BookTemplate,
  FeederApplyResult,
  FeederPreview,
  FeederRule,
  JournalEntry,
  PipelineRun,
  TrialBalance,
} from '@bp/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, login, useTestApp } from '../../test/build-test-app.ts';
import { type Caller, caller } from '../../test/org-admin.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { properties } from '../client-records/tables.ts';
import { userFeatures } from '../users/tables.ts';
import { receiveBankLines } from './index.ts';
import { bookAccounts } from './tables.ts';
import { booksKit } from './test-support.ts';

/** Net (debit positive) per account name of a trial balance. */
const netByName = (tb: TrialBalance) =>
  Object.fromEntries(
    tb.rows.filter((r) => r.debit !== r.credit).map((r) => [r.account.name, r.debit - r.credit]),
  );

const CSV = [
  'Date,Description,Amount,Payee,Check Number,Status,Id',
  '2026-03-02,PG&E WEB ONLINE 0302,-120.50,PG&E,,posted,t1',
  '03/09/2026,PG&E WEB ONLINE 0309,-80.25,PG&E,,posted,t2',
  '2026-03-10,CHECK 1042,(300.00),,1042,posted,t3',
  '2026-03-12,PAYROLL DEPOSIT,"5,000.00",Acme,,posted,t4',
  '2026-03-14,AMAZON MKTPLACE 8842,-45.99,Amazon,,pending,t5',
  '2026-03-15,TRANSFER TO SAVINGS,-1000.00,,,posted,t6',
].join('\n');

describe.each(backends)('books feeder rules, templates and pipelines (%s)', (backend) => {
  // With the job runner: pipeline runs go on it (decision 034).
  const t = useTestApp(backend, { jobs: true });
  let admin: Caller;
  let kit: Awaited<ReturnType<typeof booksKit>>;
  let checking: BookAccount;
  let savings: BookAccount;
  let utilities: BookAccount;
  let repairs: BookAccount;
  let salary: BookAccount;
  let equity: BookAccount;

  const lines = async (query = '') => {
    const res = await admin.get(`${kit.base}/bank-lines?page_size=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: BankLine[] }).results;
  };
  const line = async (externalId: string) => {
    const found = (await lines()).find((l) => l.external_id === externalId);
    if (!found) throw new Error(`no line ${externalId}`);
    return found;
  };
  const trial = async () =>
    (await admin.get(`${kit.base}/reports/trial?to=2026-12-31`)).json() as TrialBalance;
  /** Starts a pipeline run (on the job runner) and waits until it finished; answers the finished run. */
  const runPipeline = async (pipelineGuid: string, month: string) => {
    const started = await admin.post(`${kit.base}/pipelines/${pipelineGuid}/runs`, { month });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ month, status: 'running' });
    return vi.waitFor(
      async () => {
        const runs = (await admin.get(`${kit.base}/pipelines/${pipelineGuid}/runs`)).json()
          .results as PipelineRun[];
        const run = runs.find((r) => r.guid === started.json().guid);
        if (!run || run.status === 'running') throw new Error('still running');
        return run;
      },
      { timeout: 30_000, interval: 200 },
    );
  };
  const categorize = (guid: string, splits: { account: string; percent: number; division?: string }[]) =>
    admin.post(`${kit.base}/bank-lines/${guid}/categorize`, { action: { type: 'categorize', splits } });

  beforeAll(async () => {
    admin = caller(t, await login(t.app, 'manager@demo.test'));
    kit = await booksKit(t, admin);
    checking = await kit.account({
      number: '1010',
      name: 'Checking',
      subtype: 'bank',
      detail_type: 'checking',
    });
    savings = await kit.account({ number: '1020', name: 'Savings', subtype: 'bank', detail_type: 'savings' });
    utilities = await kit.account({ number: '6100', name: 'Utilities', subtype: 'expense' });
    repairs = await kit.account({ number: '6200', name: 'Repairs', subtype: 'expense' });
    salary = await kit.account({ number: '4000', name: 'Salary', subtype: 'income' });
    equity = await kit.account({ number: '3000', name: 'Owner equity', subtype: 'equity' });
  });

  it('imports a bank CSV idempotently, updates pending lines and refuses a file with bad rows', async () => {
    const first = await admin.post(`${kit.base}/accounts/${checking.guid}/bank-lines/import`, { csv: CSV });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: 6, updated: 0, unchanged: 0, errors: [] });
    const again = await admin.post(`${kit.base}/accounts/${checking.guid}/bank-lines/import`, { csv: CSV });
    expect(again.json()).toEqual({ received: 0, updated: 0, unchanged: 6, errors: [] });

    const all = await lines();
    expect(all).toHaveLength(6);
    expect(all.find((l) => l.external_id === 't3')).toMatchObject({
      amount: -30_000,
      check_number: '1042',
      status: 'uncategorized',
    });
    expect(all.find((l) => l.external_id === 't2')?.date).toBe('2026-03-09');
    expect(all.find((l) => l.external_id === 't4')?.amount).toBe(500_000);

    // The pending Amazon charge posts at another amount: updated, not doubled.
    const posted = 'Date,Description,Amount,Status,Id\n2026-03-15,AMAZON MKTPLACE 8842,-47.10,posted,t5';
    const update = await admin.post(`${kit.base}/accounts/${checking.guid}/bank-lines/import`, {
      csv: posted,
    });
    expect(update.json()).toMatchObject({ received: 0, updated: 1 });
    expect(await line('t5')).toMatchObject({ amount: -4_710, status: 'uncategorized', date: '2026-03-15' });

    const bad = await admin.post(`${kit.base}/accounts/${checking.guid}/bank-lines/import`, {
      csv: 'date,description,amount\n2026-02-30,X,1.00\n2026-03-01,,abc',
    });
    expect(bad.json()).toEqual({
      received: 0,
      updated: 0,
      unchanged: 0,
      errors: [
        { line: 2, errors: { date: ['Enter a date as YYYY-MM-DD or MM/DD/YYYY.'] } },
        {
          line: 3,
          errors: {
            amount: ['Enter an amount in dollars, e.g. -12.50.'],
            description: ['This field is required.'],
          },
        },
      ],
    });
    const noColumns = await admin.post(`${kit.base}/accounts/${checking.guid}/bank-lines/import`, {
      csv: 'a,b\n1,2',
    });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json()).toEqual({ csv: ['Missing columns: date, description, amount.'] });
    const notBank = await admin.post(`${kit.base}/accounts/${utilities.guid}/bank-lines/import`, {
      csv: CSV,
    });
    expect(notBank.json()).toMatchObject({ code: 'not_a_bank_account' });
    expect(await lines()).toHaveLength(6);
  });

  it('feeds lines through receiveBankLines: a pending line withdrawn, a posted one final', async () => {
    const { db } = t.deps.database;
    const [row] = await db
      .select({ id: bookAccounts.id })
      .from(bookAccounts)
      .where(eq(bookAccounts.guid, savings.guid));
    const feed = (lines: Parameters<typeof receiveBankLines>[1]['lines'], withdraw?: string[]) =>
      db.transaction((tx) =>
        receiveBankLines(tx, {
          entityId: kit.b.legal.id,
          bookAccountId: row?.id ?? 0,
          lines,
          ...(withdraw ? { withdraw } : {}),
        }),
      );
    const hold = {
      externalId: 's-hold',
      date: '2026-03-20',
      amountCents: -2_500,
      description: 'HOTEL HOLD',
      pending: true,
    };
    const deposit = {
      externalId: 's-in',
      date: '2026-03-16',
      amountCents: 100_000,
      description: 'TRANSFER FROM CHECKING',
      pending: false,
    };
    const first = await feed([hold, deposit]);
    expect(first).toEqual({
      received: 2,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      kept: [],
      arrived: [expect.any(Number)],
    });
    // Only the line that arrived posted is answered as arrived (what rules may take); nothing the second time.
    expect(await feed([{ ...deposit, amountCents: 1 }], ['s-hold'])).toEqual({
      received: 0,
      updated: 0,
      unchanged: 1,
      withdrawn: 1,
      kept: [],
      arrived: [],
    });
    const savingsLines = await lines(`&account=${savings.guid}`);
    expect(savingsLines.map((l) => [l.external_id, l.amount])).toEqual([['s-in', 100_000]]);
  });

  it('categorises by hand with splits, corrects, and refuses reversing the entry from the journal', async () => {
    const check = await line('t3');
    const split = await categorize(check.guid, [
      { account: repairs.guid, percent: 66.67, division: kit.b.mainResidence.guid },
      { account: utilities.guid, percent: 33.33 },
    ]);
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json()).toMatchObject({ status: 'categorized', categorized_by: 'manual' });
    const entry = (await admin.get(`${kit.base}/journals/${split.json().entry}`)).json() as JournalEntry;
    expect(entry.lines.map((l) => [l.account.name, l.debit, l.credit, l.division])).toEqual([
      ['Checking', 0, 30_000, null],
      ['Repairs', 20_001, 0, kit.b.mainResidence.guid],
      ['Utilities', 9_999, 0, null],
    ]);
    expect(entry.source).toBe('manual');

    const bad = await categorize(check.guid, [
      { account: repairs.guid, percent: 50 },
      { account: utilities.guid, percent: 40 },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'action.splits': ['The percentages must add up to 100.'] });

    const fromJournal = await admin.post(`${kit.base}/journals/${entry.guid}/reverse`, {});
    expect(fromJournal.statusCode).toBe(409);
    expect(fromJournal.json().code).toBe('entry_of_bank_line');

    // The correction reverses the first entry and posts the new one.
    const corrected = await categorize(check.guid, [{ account: repairs.guid, percent: 100 }]);
    expect(corrected.statusCode).toBe(200);
    const first = (await admin.get(`${kit.base}/journals/${entry.guid}`)).json() as JournalEntry;
    expect(first.reversed_by).not.toBeNull();
    expect(netByName(await trial())).toEqual({ Checking: -30_000, Repairs: 30_000 });

    const pending = await admin.post(`${kit.base}/bank-lines/${(await line('t5')).guid}/uncategorize`);
    expect(pending.statusCode).toBe(409);
  });

  it('previews a rule from a correction, applies it as one batch and undoes the batch', async () => {
    // The user's correction of one PG&E line becomes a rule; preview shows the other PG&E line too.
    const pge = await line('t1');
    await categorize(pge.guid, [{ account: utilities.guid, percent: 100 }]);
    const filters = {
      description_contains: 'PG&E WEB ONLINE',
      bank_account: checking.guid,
      direction: 'out',
    };
    const action = { type: 'categorize', splits: [{ account: utilities.guid, percent: 100 }] };
    const preview = await admin.post(`${kit.base}/feeder-rules/preview`, { filters, action });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json() as FeederPreview;
    expect(p).toMatchObject({ count: 1, total: -8_025, already_categorized: 1 });
    expect(p.results[0]?.postings.map((x) => [x.account.name, x.debit, x.credit])).toEqual([
      ['Checking', 0, 8_025],
      ['Utilities', 8_025, 0],
    ]);
    expect(netByName(await trial())).toEqual({ Checking: -42_050, Repairs: 30_000, Utilities: 12_050 });

    const noFilter = await admin.post(`${kit.base}/feeder-rules`, { name: 'All', filters: {}, action });
    expect(noFilter.json()).toEqual({
      'filters.description_contains': ['Give the rule a description, counterparty or amount filter.'],
    });
    const created = await admin.post(`${kit.base}/feeder-rules`, { name: 'PG&E', filters, action });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json() as FeederRule;
    const payroll = (
      await admin.post(`${kit.base}/feeder-rules`, {
        name: 'Payroll',
        filters: { description_matches: 'payroll*', amount_min: 100_000 },
        action: { type: 'categorize', splits: [{ account: salary.guid, percent: 100 }] },
      })
    ).json() as FeederRule;
    const transfer = (
      await admin.post(`${kit.base}/feeder-rules`, {
        name: 'To savings',
        filters: { description_contains: 'transfer to savings' },
        action: { type: 'transfer', account: savings.guid },
      })
    ).json() as FeederRule;
    expect([rule.priority, payroll.priority, transfer.priority]).toEqual([10, 20, 30]);

    const applied = await admin.post(`${kit.base}/feeder-rules/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json() as FeederApplyResult;
    expect(result.categorized).toBe(4); // PG&E t2, payroll t4, the transfer t6 and its savings side
    const batch = result.batch?.guid ?? '';
    expect((await line('t2')).rule?.name).toBe('PG&E');
    expect((await line('t6')).status).toBe('categorized');
    expect((await lines(`&account=${savings.guid}`))[0]).toMatchObject({
      categorized_by: 'transfer_match',
      batch,
    });
    const afterApply = netByName(await trial());
    expect(afterApply).toEqual({
      Checking: -42_050 - 8_025 + 500_000 - 100_000,
      Savings: 100_000,
      Repairs: 30_000,
      Utilities: 20_075,
      Salary: -500_000,
    });
    const again = await admin.post(`${kit.base}/feeder-rules/apply`, {});
    expect(again.json()).toEqual({ batch: null, categorized: 0 });

    const undo = await admin.post(`${kit.base}/feeder-batches/${batch}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().undone_on).not.toBeNull();
    expect(netByName(await trial())).toEqual({ Checking: -42_050, Repairs: 30_000, Utilities: 12_050 });
    expect((await lines('&status=uncategorized')).map((l) => l.external_id).sort()).toEqual([
      's-in',
      't2',
      't4',
      't5',
      't6',
    ]);
    expect((await admin.post(`${kit.base}/feeder-batches/${batch}/undo`)).json().code).toBe('batch_undone');
    const batches = (await admin.get(`${kit.base}/feeder-batches`)).json();
    expect(batches.results[0]).toMatchObject({ guid: batch, line_count: 4 });

    // A closed month is left alone by rules; undoing into a closed month is refused whole.
    const reapplied = (
      await admin.post(`${kit.base}/feeder-rules/apply`, { rule: rule.guid })
    ).json() as FeederApplyResult;
    expect(reapplied.categorized).toBe(1);
    expect((await admin.post(`${kit.base}/closed-periods`, { month: '2026-03' })).statusCode).toBe(201);
    const closedUndo = await admin.post(`${kit.base}/feeder-batches/${reapplied.batch?.guid}/undo`);
    expect(closedUndo.statusCode).toBe(409);
    expect(closedUndo.json().code).toBe('period_closed');
    expect((await admin.post(`${kit.base}/feeder-rules/apply`, {})).json().categorized).toBe(0);
    expect((await admin.del(`${kit.base}/closed-periods/2026-03`)).statusCode).toBe(204);
  });

  it('posts templates once per month and runs pipelines with a result per step', async () => {
    const group = (await admin.post(`${kit.base}/template-groups`, { name: 'Month end' })).json();
    const depreciation = await admin.post(`${kit.base}/templates`, {
      name: 'Depreciation',
      group: group.guid,
      lines: [
        { account: repairs.guid, side: 'debit', amount: 12_500 },
        { account: equity.guid, side: 'credit', amount: 12_500 },
      ],
    });
    expect(depreciation.statusCode, depreciation.body).toBe(201);
    const unbalanced = await admin.post(`${kit.base}/templates`, {
      name: 'Payroll split',
      base_amount: 10_000,
      lines: [
        { account: repairs.guid, side: 'debit', percent: 60 },
        { account: utilities.guid, side: 'debit', percent: 30 },
        { account: checking.guid, side: 'credit', percent: 100 },
      ],
    });
    expect(unbalanced.json()).toEqual({ lines: ['Debits must equal credits.'] });
    const split = (
      await admin.post(`${kit.base}/templates`, {
        name: 'Payroll split',
        base_amount: 10_000,
        day_of_month: 15,
        lines: [
          { account: repairs.guid, side: 'debit', percent: 60 },
          { account: utilities.guid, side: 'debit', percent: 40 },
          { account: checking.guid, side: 'credit', percent: 100 },
        ],
      })
    ).json() as BookTemplate;

    const run = await admin.post(`${kit.base}/templates/${split.guid}/run`, {
      month: '2026-04',
      base_amount: 250_000,
    });
    expect(run.statusCode, run.body).toBe(201);
    const entry = run.json() as JournalEntry;
    expect(entry).toMatchObject({ date: '2026-04-15', source: 'template', total: 250_000 });
    const twice = await admin.post(`${kit.base}/templates/${split.guid}/run`, { month: '2026-04' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('template_already_run');

    const groupRun = await admin.post(`${kit.base}/template-groups/${group.guid}/run`, { month: '2026-04' });
    expect(groupRun.json().results.map((r: { status: string }) => r.status)).toEqual(['done']);

    const pipeline = await admin.post(`${kit.base}/pipelines`, {
      name: 'Monthly close',
      steps: [
        { kind: 'rules' },
        { kind: 'template_group', group: group.guid },
        { kind: 'template', template: split.guid },
      ],
    });
    expect(pipeline.statusCode, pipeline.body).toBe(201);
    const created = pipeline.json() as BookPipeline;
    expect(created.steps.map((s) => s.name)).toEqual([
      'All active feeder rules',
      'Month end',
      'Payroll split',
    ]);
    const march = await runPipeline(created.guid, '2026-03');
    expect(march.results.map((r) => [r.kind, r.status])).toEqual([
      ['rules', 'done'],
      ['template_group', 'done'],
      ['template', 'done'],
    ]);
    expect(march.status).toBe('succeeded');
    // April's templates posted above and its lines are categorised: every step has nothing to do.
    const april = await runPipeline(created.guid, '2026-04');
    expect(april.results.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped']);
    const listed = (await admin.get(`${kit.base}/pipelines`)).json().results[0] as BookPipeline;
    expect(listed.last_run?.month).toBe('2026-04');
    const templates = (await admin.get(`${kit.base}/templates`)).json().results as BookTemplate[];
    expect(templates.find((x) => x.name === 'Payroll split')?.runs.map((r) => r.month)).toEqual([
      '2026-04',
      '2026-03',
    ]);
  });

  it('reports income-expense by month, property expenses, comparisons, combined entities and files', async () => {
    const { db } = t.deps.database;
    const [residence] = await db.select().from(properties).where(eq(properties.clientId, kit.b.client.id));
    if (!residence) throw new Error('no seeded property');
    // A bank line split between two properties' worth of repairs: one half named to the residence.
    const csv = 'date,description,amount,id\n2026-04-20,ROOF REPAIR,-900.00,r1';
    await admin.post(`${kit.base}/accounts/${checking.guid}/bank-lines/import`, { csv });
    const roof = await line('r1');
    const split = await admin.post(`${kit.base}/bank-lines/${roof.guid}/categorize`, {
      action: {
        type: 'categorize',
        splits: [
          { account: repairs.guid, percent: 50, property: residence.guid },
          { account: repairs.guid, percent: 50 },
        ],
      },
    });
    expect(split.statusCode, split.body).toBe(200);
    const property = await admin.get(`${kit.base}/reports/property-expenses?from=2026-04-01&to=2026-04-30`);
    expect(property.statusCode, property.body).toBe(200);
    expect(property.json()).toMatchObject({
      properties: [
        {
          property: { guid: residence.guid },
          rows: [{ account: { name: 'Repairs' }, amount: 45_000 }],
          total: 45_000,
        },
      ],
      total: 45_000,
    });

    // Income-expense: one column per month, each month's net as its profit and loss says.
    const ie = await admin.get(`${kit.base}/reports/income-expense?from=2026-03-01&to=2026-04-30`);
    expect(ie.statusCode, ie.body).toBe(200);
    const pnl = async (from: string, to: string) =>
      (await admin.get(`${kit.base}/reports/profit-and-loss?from=${from}&to=${to}`)).json();
    const [march, april] = [await pnl('2026-03-01', '2026-03-31'), await pnl('2026-04-01', '2026-04-30')];
    expect(ie.json().months).toEqual(['2026-03', '2026-04']);
    expect(ie.json().net).toEqual([march.net_income, april.net_income]);
    expect(ie.json().net_total).toBe(march.net_income + april.net_income);

    const compared = await admin.get(
      `${kit.base}/reports/comparison?report=profit-and-loss&from=2026-04-01&to=2026-04-30&compare_from=2026-03-01&compare_to=2026-03-31`,
    );
    expect(compared.statusCode, compared.body).toBe(200);
    const c = compared.json();
    expect(c.bottom_line).toEqual({
      label: 'Net income',
      amount: april.net_income,
      compare: march.net_income,
      difference: april.net_income - march.net_income,
    });
    for (const section of c.sections)
      for (const row of section.rows) expect(row.difference).toBe(row.amount - row.compare);

    // The personal entity's books join the legal entity's in the client's combined reports.
    const personalBase = `/v2/integrations/proxy/entity/clients/${kit.b.client.guid}/entities/${kit.b.personal.guid}`;
    const make = async (body: Record<string, unknown>) =>
      (await admin.post(`${personalBase}/accounts`, body)).json() as BookAccount;
    const pRepairs = await make({ number: '6200', name: 'Repairs', subtype: 'expense' });
    const pCash = await make({ number: '1000', name: 'Personal cash', subtype: 'bank' });
    const posted = await admin.post(`${personalBase}/journals`, {
      date: '2026-04-02',
      lines: [
        { account: pRepairs.guid, debit: 7_000 },
        { account: pCash.guid, credit: 7_000 },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const clientBase = `/v2/integrations/proxy/client/clients/${kit.b.client.guid}/reports`;
    const combined = (await admin.get(`${clientBase}/trial?to=2026-12-31`)).json() as TrialBalance;
    const legal = netByName(await trial());
    expect(netByName(combined)).toEqual({
      ...legal,
      Repairs: (legal.Repairs ?? 0) + 7_000,
      'Personal cash': -7_000,
    });
    expect(combined.total_debit).toBe(combined.total_credit);
    const sheet = (await admin.get(`${clientBase}/balance?to=2026-12-31`)).json();
    expect(sheet.assets.total).toBe(sheet.total_liabilities_and_equity);

    // Files: the XLSX of the combined trial balance totals as the report; a PDF of the comparison.
    const xlsx = await admin.get(`${clientBase}/trial/export?format=xlsx&to=2026-12-31`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0];
    const totalRow = ws?.getRows(1, ws.rowCount)?.find((r) => r.getCell(1).value === 'Total');
    expect([totalRow?.getCell(2).value, totalRow?.getCell(3).value]).toEqual([
      combined.total_debit / 100,
      combined.total_credit / 100,
    ]);
    const pdf = await admin.get(
      `${kit.base}/reports/profit-and-loss/export?format=pdf&from=2026-04-01&to=2026-04-30&compare_from=2026-03-01&compare_to=2026-03-31`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Profit and loss compared');
    expect(text).toContain('Net income');
    // A custom report from the dictionary: repairs lines of April with their property and amounts.
    const dictionary = (await admin.get('/v2/integrations/proxy/admin/report-dictionary')).json();
    expect(dictionary.fields.map((f: { key: string }) => f.key)).toContain('property');
    const custom = await admin.post(`${kit.base}/reports/custom`, {
      columns: ['date', 'account_name', 'property', 'debit'],
      filters: [
        { field: 'account_name', op: 'eq', value: 'repairs' },
        { field: 'date', op: 'gte', value: '2026-04-20' },
        { field: 'source', op: 'in', value: ['manual'] }, // not the month-end template's entry
      ],
      to: '2026-04-30',
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json()).toMatchObject({
      rows: [
        ['2026-04-20', 'Repairs', residence.name, 45_000],
        ['2026-04-20', 'Repairs', null, 45_000],
      ],
      totals: [null, null, null, 90_000],
      count: 2,
      truncated: false,
    });
    const badFilter = await admin.post(`${kit.base}/reports/custom`, {
      columns: ['date'],
      filters: [{ field: 'family', op: 'in', value: ['asset', 'cash'] }],
      to: '2026-04-30',
    });
    expect(badFilter.json()).toEqual({ 'filters.0.value': ['cash is not a choice of Account type.'] });
    const ledgerOfClient = await admin.get(`${clientBase}/general-ledger/export?format=pdf&to=2026-12-31`);
    expect(ledgerOfClient.statusCode).toBe(400);
  });

  it('lets a client user with Books read bank lines and rules, never change them', async () => {
    const wf = workflowKit(t);
    const client = await wf.clientUser('client');
    expect((await client.as.get(`${kit.base}/bank-lines`)).statusCode).toBe(403);
    await t.deps.database.db.insert(userFeatures).values({ userId: client.user.id, featureName: 'BOOKS' });
    expect((await client.as.get(`${kit.base}/bank-lines`)).statusCode).toBe(200);
    expect((await client.as.get(`${kit.base}/feeder-rules`)).statusCode).toBe(200);
    expect((await client.as.post(`${kit.base}/feeder-rules/apply`, {})).statusCode).toBe(403);
  });
});
