import type { MasterVendor, MergeSummary, ParentVendor, SimilarVendor, Vendor } from '@bp/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecords } from '../../platform/audit/tables.ts';
import { backends, type TestApp, useTestApp } from '../../test/build-test-app.ts';
import { orgGuidOf } from '../../test/org-admin.ts';
import { bills } from '../bill-core/tables.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { vendors } from '../entities/tables.ts';
import { normalizeSanctionsName } from '../sanctions/screening.ts';
import { sanctionsEntries } from '../sanctions/tables.ts';

async function billsOf(t: TestApp, vendorId: number) {
  return t.deps.database.db.select({ guid: bills.guid }).from(bills).where(eq(bills.vendorId, vendorId));
}

describe.each(backends)('vendor master (%s)', (backend) => {
  const t = useTestApp(backend);
  const kit = () => workflowKit(t);

  it('creates, lists, finds similar, screens and merges parent vendors within one organisation', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const org = `/v1/billing/organizations/${b.org.guid}`;
    await t.deps.database.db.insert(sanctionsEntries).values({
      uid: 'T-1',
      name: 'CASCADE GAS AND ELECTRIC CO',
      nameNormalized: normalizeSanctionsName('CASCADE GAS AND ELECTRIC CO'),
    });

    const create = async (body: Record<string, unknown>) => {
      const res = await manager.post(`${org}/parent-vendors`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as ParentVendor;
    };
    const survivor = await create({
      name: 'Cascade Gas & Electric',
      tax_id_number: '91-1234567',
      city: 'Portland',
    });
    const merged = await create({ name: 'Cascade Gas and Electric Co', tax_id_number: '911234567' });
    await create({ name: 'Birchwood Pest Control' });
    expect((await manager.post(`${org}/parent-vendors`, { name: ' ' })).json()).toEqual({
      name: ['This field is required.'],
    });
    // Screened at creation: the result shows on the parent vendor.
    expect(merged.sanctions).toMatchObject({
      name: 'Cascade Gas and Electric Co',
      match: { name: 'CASCADE GAS AND ELECTRIC CO' },
    });
    expect(survivor.sanctions?.match?.score).toBeGreaterThanOrEqual(0.6);

    const list = (await manager.get(`${org}/parent-vendors?search=cascade`)).json();
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({ name: 'Cascade Gas & Electric', tax_id_number: '•••••4567' });

    const similar = (await manager.get(`${org}/parent-vendors/${merged.guid}/similar`)).json()
      .results as SimilarVendor[];
    expect(similar[0]).toMatchObject({ guid: survivor.guid, score: 1, mergeable: true });
    expect(similar[0]?.reasons).toEqual(expect.arrayContaining(['name', 'tax_id']));
    expect(similar.some((s) => s.name === 'Birchwood Pest Control')).toBe(false);

    // Harper's Pacific Power links to the parent merged away; a duplicate vendor of the same entity
    // links to the survivor. Merging folds the first into the second: its bills follow.
    const entityVendors = `/v1/billing/clients/${b.client.guid}/entities/${b.legal.guid}/vendors`;
    const dup = (await manager.post(entityVendors, { name: 'Cascade Gas and Electric Co' })).json() as Vendor;
    expect(
      (await manager.patch(`${org}/vendors/${b.power.guid}`, { parent_vendor: merged.guid })).statusCode,
    ).toBe(200);
    expect(
      (await manager.patch(`${org}/vendors/${dup.guid}`, { parent_vendor: survivor.guid })).statusCode,
    ).toBe(200);
    // A vendor of another entity (Harper's personal one) links to the parent merged away: it is re-linked.
    const personal = (
      await manager.post(`/v1/billing/clients/${b.client.guid}/entities/${b.personal.guid}/vendors`, {
        name: 'Cascade (home)',
      })
    ).json() as Vendor;
    await manager.patch(`${org}/vendors/${personal.guid}`, { parent_vendor: merged.guid });
    const powerBills = await billsOf(t, b.power.id);
    expect(powerBills.length).toBeGreaterThan(0);

    // Another organisation's parent vendor is not a merge target (nor readable).
    const second = await orgGuidOf(t, 'Second Org');
    const other = await k.as('other@second.test');
    const foreign = (
      await other.post(`/v1/billing/organizations/${second}/parent-vendors`, {
        name: 'Cascade Gas & Electric',
      })
    ).json() as ParentVendor;
    let res = await manager.post(`${org}/parent-vendors/${merged.guid}/merge`, { into: foreign.guid });
    expect(res.statusCode).toBe(404);
    expect(
      (await other.get(`/v1/billing/organizations/${second}/parent-vendors/${merged.guid}`)).statusCode,
    ).toBe(404);
    expect((await manager.get(`${org}/parent-vendors/${foreign.guid}`)).statusCode).toBe(404);
    // The associate does not hold 'vendors.merge'.
    res = await (await k.as('associate@demo.test')).post(`${org}/parent-vendors/${merged.guid}/merge`, {
      into: survivor.guid,
    });
    expect(res.statusCode).toBe(403);

    const preview = (
      await manager.get(`${org}/parent-vendors/${merged.guid}/merge?into=${survivor.guid}`)
    ).json();
    expect(preview).toMatchObject({ vendors: 2, bills: powerBills.length, commitments: expect.any(Number) });
    res = await manager.post(`${org}/parent-vendors/${merged.guid}/merge`, { into: survivor.guid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as MergeSummary).toEqual({
      ...preview,
      merged: { guid: merged.guid, name: merged.name },
      survivor: { guid: survivor.guid, name: survivor.name },
    });

    expect(await billsOf(t, b.power.id)).toEqual([]);
    expect((await billsOf(t, (await vendorId(t, dup.guid)) ?? 0)).map((x) => x.guid).sort()).toEqual(
      powerBills.map((x) => x.guid).sort(),
    );
    const after = (await manager.get(`${org}/parent-vendors/${survivor.guid}`)).json() as ParentVendor;
    expect(after.vendors.map((v) => [v.name, v.is_active]).sort()).toEqual([
      ['Cascade (home)', true],
      ['Cascade Gas and Electric Co', true],
      ['Pacific Power & Light', false],
    ]);
    const gone = (await manager.get(`${org}/parent-vendors/${merged.guid}`)).json() as ParentVendor;
    expect(gone).toMatchObject({ is_active: false, merged_into: { guid: survivor.guid } });
    expect(
      (await manager.get(`${org}/parent-vendors?is_active=false`))
        .json()
        .results.map((p: ParentVendor) => p.guid),
    ).toContain(merged.guid);
    const [audit] = await t.deps.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'parent_vendor_merged'));
    expect(audit?.objectGuid).toBe(merged.guid);
    // A merged parent vendor cannot be merged again.
    res = await manager.post(`${org}/parent-vendors/${merged.guid}/merge`, { into: survivor.guid });
    expect(res.statusCode).toBe(409);
  });

  it('merges two vendors of one entity (bills and commitments follow) and refuses across entities', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const org = `/v1/billing/organizations/${b.org.guid}`;
    const entityVendors = `/v1/billing/clients/${b.client.guid}/entities/${b.legal.guid}/vendors`;
    const a = (await manager.post(entityVendors, { name: 'Harbor Water District' })).json() as Vendor;
    const c = (await manager.post(entityVendors, { name: 'Harbor Water Dist.' })).json() as Vendor;
    const bill = await k.enter(await k.as('associate@demo.test'), { vendor: a.guid });
    const similar = (await manager.get(`${org}/vendors/${a.guid}/similar`)).json().results as SimilarVendor[];
    expect(similar[0]).toMatchObject({ guid: c.guid, mergeable: true, entity: { guid: b.legal.guid } });

    const home = (
      await manager.post(`/v1/billing/clients/${b.client.guid}/entities/${b.personal.guid}/vendors`, {
        name: 'Harbor Water District',
      })
    ).json() as Vendor;
    let res = await manager.post(`${org}/vendors/${a.guid}/merge`, { into: home.guid });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('merge_across_entities');

    expect((await manager.get(`${org}/vendors/${a.guid}/merge?into=${c.guid}`)).json()).toMatchObject({
      bills: 1,
    });
    res = await manager.post(`${org}/vendors/${a.guid}/merge`, { into: c.guid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bills: 1, survivor: { guid: c.guid } });
    const page = (await manager.get(b.bill(bill.guid))).json();
    expect(page.vendor).toMatchObject({ guid: c.guid });
    // A bill entered later against the merged-away vendor lands on the survivor.
    const late = await k.enter(await k.as('associate@demo.test'), { vendor: a.guid });
    expect((await manager.get(b.bill(late.guid))).json().vendor).toMatchObject({ guid: c.guid });
    const listed = (await manager.get(`${org}/vendors?is_active=false&search=harbor`)).json()
      .results as MasterVendor[];
    expect(listed.map((v) => [v.guid, v.merged_into?.guid])).toEqual([[a.guid, c.guid]]);
    // History on both sides.
    const history = (await manager.get(`${org}/vendors/${c.guid}/history`)).json().results;
    expect(history[0]).toMatchObject({ kind: 'merged', details: { merged: { guid: a.guid }, bills: 1 } });
  });
});

async function vendorId(t: TestApp, guid: string) {
  const [row] = await t.deps.database.db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.guid, guid)));
  return row?.id;
}

describe.runIf(process.env.DATABASE_URL)('vendor merge under concurrent bill entry (postgres)', () => {
  const t = useTestApp('postgres');
  const kit = () => workflowKit(t);

  it('leaves no bill on the merged-away vendor: each lands on the survivor or is refused cleanly', async () => {
    const k = kit();
    const b = await k.books();
    const manager = await k.as('manager@demo.test');
    const associate = await k.as('associate@demo.test');
    const org = `/v1/billing/organizations/${b.org.guid}`;
    const entityVendors = `/v1/billing/clients/${b.client.guid}/entities/${b.legal.guid}/vendors`;
    for (let round = 0; round < 3; round += 1) {
      const from = (await manager.post(entityVendors, { name: `Race Vendor ${round}` })).json() as Vendor;
      const into = (await manager.post(entityVendors, { name: `Race Vendor ${round} Inc` })).json() as Vendor;
      const [merge, ...entries] = await Promise.all([
        manager.post(`${org}/vendors/${from.guid}/merge`, { into: into.guid }),
        ...[1, 2, 3, 4, 5, 6].map(() => associate.post(b.base, b.request({ vendor: from.guid }))),
      ]);
      expect(merge?.statusCode, merge?.body).toBe(200);
      for (const entry of entries) expect([201, 409]).toContain(entry.statusCode);
      const created = entries.filter((e) => e.statusCode === 201).map((e) => e.json().guid as string);
      expect(await billsOf(t, (await vendorId(t, from.guid)) ?? 0)).toEqual([]);
      const onSurvivor = (await billsOf(t, (await vendorId(t, into.guid)) ?? 0)).map((x) => x.guid);
      expect(onSurvivor.sort()).toEqual(created.sort());
    }
  });
});
