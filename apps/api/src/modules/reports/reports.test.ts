import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { minimalPdf } from '../../test/minimal-pdf.ts';
import { clientUsers } from '../clients/tables.ts';
import { designatedEntities } from '../entities/tables.ts';
import { auditOf, caller, demoClient } from '../entities/test-support.ts';
import { organizations } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';
import { fileForm } from './test-support.ts';

describe.each(backends)('reports (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  async function setUp() {
    const harper = await demoClient(t, 'Harper Household');
    const manager = await login(t.app, 'manager@demo.test');
    const base = `/v1/reports/clients/${harper.client.guid}/reports`;
    return { harper, manager, staff: caller(t, manager), base };
  }

  it('creates, edits, steps forward, moves back with a reason, and keeps the history and audit', async () => {
    const { harper, staff, base } = await setUp();
    const created = await staff('POST', base, {
      type: 'cash_flow',
      name: 'Cash flow March',
      entity: harper.legal.guid,
      period_year: 2025,
      period_month: 3,
    });
    expect(created.statusCode).toBe(201);
    const report = created.json();
    expect(report).toMatchObject({
      type: 'cash_flow',
      name: 'Cash flow March',
      status: 'draft',
      entity: harper.legal.guid,
      client: { guid: harper.client.guid, name: 'Harper Household' },
      period_year: 2025,
      period_month: 3,
      files: [],
    });
    expect((await auditOf(t, report.guid, 'report_created')).length).toBe(1);

    const bad = await staff('POST', base, { type: 'weekly', name: '', period_year: 2025 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['name', 'type']);
    const otherEntity = await staff('POST', base, {
      type: 'custom',
      name: 'x',
      period_year: 2025,
      entity: '00000000-0000-4000-8000-000000000001',
    });
    expect(otherEntity.json()).toEqual({ entity: ['Choose an entity of this client.'] });

    const url = `${base}/${report.guid}`;
    expect((await staff('PATCH', url, { status: 'sent', notes: 'Emailed to Ann' })).json()).toMatchObject({
      status: 'sent',
      notes: 'Emailed to Ann',
    });
    const backwards = await staff('PATCH', url, { status: 'draft' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({
      status: ['A report moves back only through move-back, with a reason.'],
    });
    expect((await staff('POST', `${url}/move-back`, { reason: '' })).statusCode).toBe(400);
    expect((await staff('POST', `${url}/move-back`, { reason: 'Wrong period' })).json().status).toBe('ready');
    expect((await staff('POST', `${url}/move-back`, { reason: 'Redo' })).json().status).toBe('draft');
    const stuck = await staff('POST', `${url}/move-back`, { reason: 'Again' });
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().code).toBe('report_is_draft');

    const history = (await staff('GET', `${url}/history`)).json();
    expect(history.results.map((e: { kind: string; detail: string }) => [e.kind, e.detail])).toEqual([
      ['moved_back', 'ready → draft: Redo'],
      ['moved_back', 'sent → ready: Wrong period'],
      ['status_changed', 'draft → sent'],
      ['updated', 'notes'],
      ['created', 'Cash flow March'],
    ]);
    expect(history.results[0].by).toMatchObject({ first_name: 'Maya', last_name: 'Manager' });
    expect((await auditOf(t, report.guid, 'report_moved_back')).length).toBe(2);
  });

  it('lets the client read its reports but not write them; another organisation sees nothing', async () => {
    const { harper, staff, base } = await setUp();
    const report = (
      await staff('POST', base, { type: 'custom', name: 'Net worth', period_year: 2024 })
    ).json();
    const client = caller(t, await login(t.app, 'client@demo.test'));
    const listed = (await client('GET', `${base}?type=custom`)).json();
    expect(listed.results.map((r: { guid: string }) => r.guid)).toContain(report.guid);
    expect((await client('GET', `${base}/${report.guid}`)).statusCode).toBe(200);
    expect((await client('POST', base, { type: 'custom', name: 'Mine', period_year: 2024 })).statusCode).toBe(
      403,
    );
    expect((await client('PATCH', `${base}/${report.guid}`, { name: 'Mine' })).statusCode).toBe(403);
    const observer = caller(t, await login(t.app, 'observer@demo.test'));
    expect((await observer('GET', `${base}/${report.guid}`)).statusCode).toBe(200);

    const outsider = caller(t, await login(t.app, 'other@second.test'));
    expect((await outsider('GET', `${base}/${report.guid}`)).statusCode).toBe(404);
    expect((await outsider('GET', base)).statusCode).toBe(404);
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const elsewhere = `/v1/reports/clients/${lindqvist.client.guid}/reports/${report.guid}`;
    expect((await staff('GET', elsewhere)).statusCode).toBe(404);
    expect(harper.client.guid).not.toBe(lindqvist.client.guid);
  });

  it('keeps uploaded files checked by content, with versions per name, and downloads each version', async () => {
    const { manager, staff, base } = await setUp();
    const report = (
      await staff('POST', base, { type: 'financial_statements', name: 'FS 2024', period_year: 2024 })
    ).json();
    const filesUrl = `${base}/${report.guid}/files`;
    const upload = (name: string, type: string, data: Buffer) => {
      const body = fileForm(name, type, data);
      return t.app.inject({
        method: 'POST',
        url: filesUrl,
        headers: { ...bearer(manager), ...body.headers },
        payload: body.payload,
      });
    };
    const first = minimalPdf(['Statement version one']);
    const second = minimalPdf(['Statement version two']);
    const v1 = await upload('statements.pdf', 'application/octet-stream', first);
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toMatchObject({
      original_name: 'statements.pdf',
      version: 1,
      mime_type: 'application/pdf',
      source: 'upload',
    });
    const v2 = await upload('statements.pdf', 'application/pdf', second);
    expect(v2.json()).toMatchObject({ version: 2 });
    const refused = await upload('notes.pdf', 'application/pdf', Buffer.from('just some text, not a PDF'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().file[0]).toMatch(/^This file type is not accepted/);

    const shown = (await staff('GET', `${base}/${report.guid}`)).json();
    expect(shown.files.map((f: { version: number }) => f.version)).toEqual([2]);
    const versions = (await staff('GET', filesUrl)).json();
    expect(versions.count).toBe(2);
    expect(versions.results.map((f: { version: number }) => f.version)).toEqual([2, 1]);
    const old = await staff('GET', `${filesUrl}/${v1.json().guid}/download`);
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toBe('application/pdf');
    expect(old.rawPayload).toEqual(first);
    expect((await staff('GET', `${filesUrl}/${v2.json().guid}/download`)).rawPayload).toEqual(second);
    const history = (await staff('GET', `${base}/${report.guid}/history`)).json();
    expect(history.results[0]).toMatchObject({ kind: 'file_uploaded', detail: 'statements.pdf (version 2)' });
  });

  it('counts by type and status, by year and by month, for the client and the organisation, and exports', async () => {
    const { harper, staff, base } = await setUp();
    const [org] = await t.deps.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, harper.client.organizationId));
    const orgGuid = org?.guid ?? '';
    const add = (body: Record<string, unknown>) => staff('POST', base, { name: 'Count me', ...body });
    await add({ type: 'reconciliation', period_year: 2031, period_month: 1 });
    await add({ type: 'reconciliation', period_year: 2031, period_month: 1 });
    await add({ type: 'reconciliation', period_year: 2031, period_month: 7 });
    await add({ type: 'reconciliation', period_year: 2031 });
    await add({ type: 'reconciliation', period_year: 2032, period_month: 2 });

    const months = (await staff('GET', `${base}/quantities-by-month?year=2031&type=reconciliation`)).json();
    expect(months.results).toHaveLength(12);
    expect(months.results[0]).toEqual({ month: 1, count: 2 });
    expect(months.results[6]).toEqual({ month: 7, count: 1 });
    expect(months.year_only).toBe(1);
    const years = (await staff('GET', `${base}/quantities-by-year?type=reconciliation`)).json();
    expect(years.results.filter((r: { year: number }) => r.year >= 2031)).toEqual([
      { year: 2031, count: 4 },
      { year: 2032, count: 1 },
    ]);
    const summary = (await staff('GET', `${base}/summary`)).json();
    expect(summary.by_type.reconciliation).toBeGreaterThanOrEqual(5);
    expect(Object.keys(summary.by_type)).toHaveLength(6);

    const orgBase = `/v1/reports/organizations/${orgGuid}/reports`;
    const orgMonths = (
      await staff('GET', `${orgBase}/quantities-by-month?year=2031&client=${harper.client.guid}`)
    ).json();
    expect(orgMonths.results[0]).toEqual({ month: 1, count: 2 });
    const orgList = (await staff('GET', `${orgBase}?year=2031&month=1&page_size=1`)).json();
    expect(orgList.count).toBe(2);
    expect(orgList.results).toHaveLength(1);
    expect(orgList.next).toContain('page=2');
    expect(
      (await staff('GET', `${orgBase}/summary?type=reconciliation`)).json().total,
    ).toBeGreaterThanOrEqual(5);

    const csv = await staff('GET', `${base}/export?year=2032`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Harper Household,Count me,reconciliation,2032-02,draft');
    const xlsx = await staff('GET', `${orgBase}/export?format=xlsx&year=2031`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Reports')?.rowCount).toBe(5);
    const outsider = caller(t, await login(t.app, 'other@second.test'));
    expect((await outsider('GET', orgBase)).statusCode).toBe(404);
  });

  it('refuses generation without a running job runner, for a type that is not generated', async () => {
    const { staff, base } = await setUp();
    const report = (
      await staff('POST', base, { type: 'check_registers', name: 'CR', period_year: 2025 })
    ).json();
    const answer = await staff('POST', `${base}/${report.guid}/generate`, {
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('jobs_unavailable');
    const backwards = await staff('POST', `${base}/${report.guid}/generate`, {
      from: '2025-02-01',
      to: '2025-01-31',
    });
    expect(backwards.json()).toEqual({ to: ['The end must be on or after the start.'] });
  });
  it("shows a designee limited to designated entities only those entities' reports, everywhere", async () => {
    const { harper, manager, staff, base } = await setUp();
    const year = 2041;
    const add = async (name: string, entity?: string) =>
      (
        await staff('POST', base, { type: 'custom', name, period_year: year, period_month: 2, entity })
      ).json();
    const legal = await add('Legal only', harper.legal.guid);
    const personal = await add('Personal only', harper.personal.guid);
    const whole = await add('Whole household');
    const body = fileForm('legal.pdf', 'application/pdf', minimalPdf(['Legal entity report']));
    const file = (
      await t.app.inject({
        method: 'POST',
        url: `${base}/${legal.guid}/files`,
        headers: { ...bearer(manager), ...body.headers },
        payload: body.payload,
      })
    ).json();
    const designee = caller(t, await login(t.app, 'designee@demo.test'));
    const names = async () =>
      ((await designee('GET', `${base}?year=${year}&page_size=100`)).json().results as { name: string }[])
        .map((r) => r.name)
        .sort();
    // Without designated entities a designee sees the whole client's reports.
    expect(await names()).toEqual(['Legal only', 'Personal only', 'Whole household']);

    const { db } = t.deps.database;
    const [designeeUser] = await db
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(users.email, 'designee@demo.test'), eq(clientUsers.clientId, harper.client.id)));
    if (!designeeUser) throw new Error('the designee is not on Harper Household');
    await db
      .insert(designatedEntities)
      .values({ clientUserId: designeeUser.id, entityId: harper.personal.id });
    try {
      expect(await names()).toEqual(['Personal only']);
      const url = `${base}/${legal.guid}`;
      for (const path of ['', '/files', '/history', `/files/${file.guid}/download`])
        expect((await designee('GET', `${url}${path}`)).statusCode, path).toBe(404);
      expect((await designee('GET', `${base}/${whole.guid}`)).statusCode).toBe(404);
      expect((await designee('GET', `${base}/${personal.guid}`)).statusCode).toBe(200);
      const months = (await designee('GET', `${base}/quantities-by-month?year=${year}`)).json();
      expect(months.results[1]).toEqual({ month: 2, count: 1 });
      const years = (await designee('GET', `${base}/quantities-by-year`)).json();
      expect(years.results.find((r: { year: number }) => r.year === year)).toEqual({ year, count: 1 });
      const summary = (await designee('GET', `${base}/summary?type=custom`)).json();
      const all = (await staff('GET', `${base}/summary?type=custom`)).json();
      expect(all.total - summary.total).toBeGreaterThanOrEqual(2);
      const csv = (await designee('GET', `${base}/export?year=${year}`)).body;
      expect(csv).toContain('Personal only');
      expect(csv).not.toContain('Legal only');
      expect(csv).not.toContain('Whole household');
      // Staff still see every one of them.
      expect((await staff('GET', `${base}?year=${year}&page_size=100`)).json().count).toBe(3);
    } finally {
      await db.delete(designatedEntities).where(eq(designatedEntities.clientUserId, designeeUser.id));
    }
  });
});
