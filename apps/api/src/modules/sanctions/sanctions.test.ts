import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { organizations } from '../organizations/tables.ts';
import { loadSanctionsAtStartup, loadSdnCsv } from './loader.ts';
import { screenPayee } from './screening.ts';
import { sanctionsEntries } from './tables.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/sdn-sample.csv');
const sample = readFileSync(FIXTURE, 'utf8');

describe.each(backends)('sanctions list and screening (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const db = () => t.deps.database.db;
  const statusUrl = async (name = 'Demo Family Office') => {
    const [org] = await db().select().from(organizations).where(eq(organizations.name, name));
    return `/v1/billing/organizations/${org?.guid}/sanctions-list`;
  };

  it('shows staff an empty list before the first load', async () => {
    const staff = await login(t.app, 'associate@demo.test');
    const res = await t.app.inject({ method: 'GET', url: await statusUrl(), headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ entries: 0, loaded_at: null });
    expect(await screenPayee(db(), 'Ivan Petrov')).toBeNull();
  });

  it('loads the SDN file, with quoted names holding commas, and records the counts', async () => {
    const result = await loadSdnCsv(db(), sample, { now: new Date('2026-03-01T10:00:00Z') });
    expect(result).toMatchObject({ entries: 16, added: 16, updated: 0, removed: 0 });
    const [bank] = await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.uid, '9016'));
    expect(bank).toMatchObject({
      name: 'RED CEDAR BANK, S.A.',
      nameNormalized: 'red cedar bank',
      sdnType: null,
      program: 'CUBA',
      remarks: 'Address: 1 Fiction Plaza, "Old Town", Fictonia.',
    });
    const [vessel] = await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.uid, '9006'));
    expect(vessel).toMatchObject({ name: 'OCEAN STAR', sdnType: 'vessel', remarks: null });
    const audits = await db()
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'sanctions_list_loaded'));
    expect(audits.at(-1)?.changes).toMatchObject({ entries: { before: 0, after: 16 }, added: { after: 16 } });

    const staff = await login(t.app, 'manager@demo.test');
    const res = await t.app.inject({ method: 'GET', url: await statusUrl(), headers: bearer(staff) });
    expect(res.json()).toEqual({ entries: 16, loaded_at: '2026-03-01T10:00:00.000Z' });
  });

  it.each([
    ['exact', 'PETROV, Ivan', '9001'],
    ['reordered', 'Ivan Petrov', '9001'],
    ['reordered, other case and spacing', '  rustam   KARIMOV ', '9002'],
    ['misspelt', 'Ivan Petrow', '9001'],
    ['without accents', 'Jurgen Muller', '9005'],
    ['with accents the list lacks', 'Sílverline Aviatión Services', '9010'],
    ['accented both ways', 'Hélène Marie Dubois', '9011'],
    ['another suffix', 'Northwind Maritime Trading Ltd', '9003'],
    ['suffix dropped', 'Blue River Holdings', '9008'],
    ['suffix with dots', 'Golden Crescent Exchange L.L.C.', '9004'],
    ['apostrophe', 'Seamus OBrien', '9015'],
    ['company form S.A.', 'Red Cedar Bank SA', '9016'],
  ])('matches a payee name that is %s (%s)', async (_case, payee, uid) => {
    const match = await screenPayee(db(), payee);
    const [entry] = await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.uid, uid));
    expect(match).toMatchObject({ entryId: entry?.id, name: entry?.name });
    expect(match?.score).toBeGreaterThanOrEqual(0.6);
  });

  it('scores the same words in another order as a full match', async () => {
    expect((await screenPayee(db(), 'Karimov Rustam'))?.score).toBe(1);
    expect((await screenPayee(db(), 'Ivan Petrow'))?.score).toBeLessThan(1);
  });

  it.each([
    'Ivan Ivanov',
    'Harper Household',
    'Acme Plumbing LLC',
    'Blue Ocean Dental',
    'Northern Trust Company',
    'Pacific Gas and Electric',
    'Ocean Spray Cranberries Inc',
    'Eastgate Dental Group',
    'Co.',
    '',
  ])('does not match a clearly different name: %j', async (payee) => {
    expect(await screenPayee(db(), payee)).toBeNull();
  });

  it('replaces the list: updates names, drops entries no longer in the file, keeps ids of the others', async () => {
    const [before] = await db().select().from(sanctionsEntries).where(eq(sanctionsEntries.uid, '9002'));
    const smaller = `9001,"PETROV, Ivan Ivanovich",individual,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n${sample
      .split('\r\n')
      .filter((line) => /^90(0[2-9]|1[0-2]),/.test(line))
      .join('\r\n')}\r\n\u001a`;
    const result = await loadSdnCsv(db(), smaller, { now: new Date('2026-03-02T10:00:00Z') });
    expect(result).toMatchObject({ entries: 12, added: 0, updated: 12, removed: 4 });
    const rows = await db().select().from(sanctionsEntries);
    expect(rows).toHaveLength(12);
    expect(rows.find((r) => r.uid === '9001')?.name).toBe('PETROV, Ivan Ivanovich');
    expect(rows.find((r) => r.uid === '9002')?.id).toBe(before?.id);
    expect(rows.some((r) => r.uid === '9015')).toBe(false);
    expect(await screenPayee(db(), 'Seamus OBrien')).toBeNull();
  });

  it('refuses a file with no rows or of another format and keeps the previous list', async () => {
    await expect(loadSdnCsv(db(), '\u001a')).rejects.toThrow(/no sanctions entries/);
    await expect(loadSdnCsv(db(), 'vendor,amount\nAcme,100\n')).rejects.toThrow(/ent_num/);
    expect(await db().select().from(sanctionsEntries)).toHaveLength(12);
  });

  it('at start-up loads SANCTIONS_FILE, and on a bad file logs why and keeps the previous list', async () => {
    const logged: string[] = [];
    const log = {
      info: (m: string) => logged.push(`info ${m}`),
      error: (m: string) => logged.push(`error ${m}`),
    };
    expect(
      await loadSanctionsAtStartup(db(), join(import.meta.dirname, 'fixtures/missing.csv'), log),
    ).toBeNull();
    expect(logged.at(-1)).toMatch(/^error .*not loaded.*previous list stays/);
    expect(await db().select().from(sanctionsEntries)).toHaveLength(12);
    const loaded = await loadSanctionsAtStartup(db(), FIXTURE, log);
    expect(loaded).toMatchObject({ entries: 16, added: 4, removed: 0 });
    expect(logged.at(-1)).toMatch(/^info .*16 entries loaded/);
    expect(await db().select().from(sanctionsEntries)).toHaveLength(16);
  });

  it('is shown to members of an organisation only: another tenant gets 404', async () => {
    const other = await login(t.app, 'other@second.test');
    const client = await login(t.app, 'client@demo.test');
    for (const tokens of [other, client]) {
      const res = await t.app.inject({ method: 'GET', url: await statusUrl(), headers: bearer(tokens) });
      expect(res.statusCode).toBe(404);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: await statusUrl('Second Org'),
      headers: bearer(other),
    });
    expect(own.json().entries).toBe(16);
    const loads = await db()
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.action, 'sanctions_list_loaded'), eq(auditRecords.objectType, 'sanctions_list')),
      );
    expect(loads).toHaveLength(3);
  });
});
