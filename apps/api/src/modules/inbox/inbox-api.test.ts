import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { clientUsers } from '../clients/tables.ts';
import { designatedEntities } from '../entities/tables.ts';
import { auditOf, demoClient } from '../entities/test-support.ts';
import { organizations } from '../organizations/tables.ts';
import { users } from '../users/tables.ts';

// The inbox API (issue 13) on one PGlite app: the route walkers (test/tenant-isolation and friends) walk
// these routes on PostgreSQL too.

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

type File = { name: string; type: string; data: Buffer };

function form(files: File[], fields: Record<string, string> = {}) {
  const boundary = '----bp-inbox-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const pdf = (name: string): File => ({ name, type: 'application/pdf', data: PDF });

describe('the inbox API (pglite)', () => {
  const t = useTestApp('pglite');
  const tokensOf = (email: string) => login(t.app, email);

  async function setUp() {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const [org] = await t.deps.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.name, 'Demo Family Office'));
    if (!org) throw new Error('Demo Family Office is not seeded');
    const manager = await tokensOf('manager@demo.test');
    const inbox = (clientGuid: string) => `/v1/inbox/clients/${clientGuid}`;
    const get = (url: string, tokens = manager) => t.app.inject({ url, headers: bearer(tokens) });
    const upload = (
      clientGuid: string,
      files: File[],
      fields: Record<string, string> = {},
      tokens = manager,
    ) => {
      const body = form(files, fields);
      return t.app.inject({
        method: 'POST',
        url: `${inbox(clientGuid)}/emails`,
        headers: { ...bearer(tokens), ...body.headers },
        payload: body.payload,
      });
    };
    return { harper, lindqvist, org, manager, inbox, get, upload };
  }

  it('files hand uploads, lists with paging, ordering, filters and search, and across the organisation', async () => {
    const { harper, lindqvist, org, inbox, get, upload } = await setUp();
    const harperInbox = `${inbox(harper.client.guid)}/emails`;
    // The demo seed files one mail in Harper Household's inbox.
    const seeded = (await get(harperInbox)).json();
    expect(seeded.count).toBe(1);
    expect(seeded.results[0]).toMatchObject({
      client: { guid: harper.client.guid, name: 'Harper Household' },
      source: 'email',
      from_name: 'Pacific Power & Light',
      attachments: [{ file_name: 'invoice-4471-0092.pdf', mime_type: 'application/pdf', convertible: true }],
      archived_at: null,
    });
    expect(seeded.results[0].preview).toMatch(/^Dear customer, your bill/);
    // Its PDF is there too: the demo's inbox opens a real invoice.
    const seededFile = await get(
      `${harperInbox.split('?')[0]}/${seeded.results[0].guid}/attachments/${seeded.results[0].attachments[0].guid}`,
    );
    expect(seededFile.statusCode).toBe(200);
    expect(seededFile.rawPayload.toString('latin1')).toContain('(Amount due: $182.40) Tj');

    const scan = await upload(
      harper.client.guid,
      [pdf('water.pdf'), { ...pdf('x'), name: 'photo.png', data: PNG }],
      {
        source: 'mail_scan',
        subject: 'Aqua water bill',
        entity: harper.legal.guid,
        type: 'recurring',
      },
    );
    expect(scan.statusCode).toBe(201);
    expect(scan.json()).toMatchObject({
      source: 'mail_scan',
      subject: 'Aqua water bill',
      entity: harper.legal.guid,
      type: 'recurring',
      from_address: null,
      attachments: [
        { file_name: 'water.pdf', mime_type: 'application/pdf', size: PDF.length, convertible: true },
        { file_name: 'photo.png', mime_type: 'image/png', size: PNG.length, convertible: true },
      ],
    });
    expect(await auditOf(t, scan.json().guid, 'inbox_email_uploaded')).toHaveLength(1);
    expect(
      (await upload(harper.client.guid, [pdf('gas.pdf')], { type: 'client_approval' })).json(),
    ).toMatchObject({
      source: 'mail_scan',
      subject: 'gas.pdf',
      entity: null,
    });
    expect(
      (await upload(lindqvist.client.guid, [pdf('trust.pdf')], { subject: 'Trustee fee' })).statusCode,
    ).toBe(201);

    const subjects = async (query: string) => {
      const res = await get(`${harperInbox}?${query}`);
      expect(res.statusCode, query).toBe(200);
      return (res.json().results as { subject: string }[]).map((e) => e.subject);
    };
    expect(await subjects('ordering=subject')).toEqual([
      'Aqua water bill',
      'gas.pdf',
      'Your electricity bill is ready',
    ]);
    expect(await subjects('ordering=-subject&page_size=2&page=2')).toEqual(['Aqua water bill']);
    const paged = (await get(`${harperInbox}?ordering=subject&page_size=2`)).json();
    expect(paged).toMatchObject({ count: 3, previous: null });
    expect(paged.next).toContain('page=2');
    expect(await subjects('ordering=sender')).toHaveLength(3);
    expect(await subjects('type=recurring')).toEqual(['Aqua water bill']);
    expect(await subjects('type=client_approval')).toEqual(['gas.pdf']);
    expect(await subjects(`entity=${harper.legal.guid}`)).toEqual(['Aqua water bill']);
    expect(await subjects(`entity=${harper.personal.guid}`)).toEqual([]);
    expect(await subjects('entity=all-entities&ordering=subject')).toHaveLength(3);
    expect(await subjects('search=pacificpower')).toEqual(['Your electricity bill is ready']);
    expect(await subjects('search=WATER')).toEqual(['Aqua water bill']);
    expect(await subjects('archived=true')).toEqual([]);

    const orgInbox = `/v1/inbox/organizations/${org.guid}/emails`;
    expect((await get(orgInbox)).json().count).toBe(4);
    expect((await get(`${orgInbox}?client=${lindqvist.client.guid}`)).json().results).toMatchObject([
      { subject: 'Trustee fee', client: { name: 'Lindqvist Trust' } },
    ]);
    expect((await get(`${orgInbox}?client=all-clients`)).json().count).toBe(4);
    expect((await get(`${orgInbox}?client=not-a-guid`)).json().count).toBe(0);
  });

  it('refuses files of other types, and uploads by observers; client users upload as client_upload', async () => {
    const { harper, upload } = await setUp();
    const text = await upload(harper.client.guid, [
      pdf('bill.pdf'),
      { name: 'bill.pdf', type: 'application/pdf', data: Buffer.from('just text, not a PDF') },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().file[0]).toMatch(/^This file type is not accepted/);
    expect((await upload(harper.client.guid, [])).json()).toEqual({ file: ['This field is required.'] });
    expect((await upload(harper.client.guid, [pdf('a.pdf')], { source: 'email' })).statusCode).toBe(400);

    const observer = await tokensOf('observer@demo.test');
    expect((await upload(harper.client.guid, [pdf('a.pdf')], {}, observer)).statusCode).toBe(403);
    const client = await tokensOf('client@demo.test');
    const mine = await upload(harper.client.guid, [pdf('mine.pdf')], { source: 'mail_scan' }, client);
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ source: 'client_upload', subject: 'mine.pdf' });
  });

  it('downloads a file under its name, and answers 404 for another e-mail’s file', async () => {
    const { harper, inbox, get, upload } = await setUp();
    const created = (await upload(harper.client.guid, [pdf('Bill März.pdf')])).json();
    const file = created.attachments[0];
    const url = `${inbox(harper.client.guid)}/emails/${created.guid}/attachments/${file.guid}`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Bill%20M%C3%A4rz.pdf");
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const other = (await upload(harper.client.guid, [pdf('other.pdf')])).json();
    expect(
      (await get(`${inbox(harper.client.guid)}/emails/${other.guid}/attachments/${file.guid}`)).statusCode,
    ).toBe(404);
    // A client user of the client reads its files too.
    expect((await get(url, await tokensOf('client@demo.test'))).statusCode).toBe(200);
  });

  it('exports CSV and XLSX with formula-looking cells neutralised', async () => {
    const { harper, org, inbox, get, upload } = await setUp();
    await upload(harper.client.guid, [pdf('f.pdf')], { subject: '=HYPERLINK("http://evil.test")' });
    const csv = await get(`${inbox(harper.client.guid)}/emails/export?format=csv&search=HYPERLINK`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="pre-bill-inbox-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Received,Client,From name,From address,Subject,Source,Type,Attachments,Preview,Archived',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines.filter((l) => l !== '')).toHaveLength(2);

    const xlsx = await get(`/v1/inbox/organizations/${org.guid}/emails/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('archives (DELETE) and unarchives an e-mail, each with its audit record; client users may not', async () => {
    const { harper, inbox, get, upload } = await setUp();
    const created = (await upload(harper.client.guid, [pdf('arch.pdf')], { subject: 'To archive' })).json();
    const emailUrl = `${inbox(harper.client.guid)}/emails/${created.guid}`;
    const client = await tokensOf('client@demo.test');
    expect(
      (await t.app.inject({ method: 'DELETE', url: emailUrl, headers: bearer(client) })).statusCode,
    ).toBe(403);

    const manager = await tokensOf('manager@demo.test');
    const archived = await t.app.inject({ method: 'DELETE', url: emailUrl, headers: bearer(manager) });
    expect(archived.statusCode).toBe(204);
    const list = `${inbox(harper.client.guid)}/emails?search=To%20archive`;
    expect((await get(list)).json().count).toBe(0);
    const shown = (await get(`${list}&archived=true`)).json().results;
    expect(shown).toHaveLength(1);
    expect(shown[0].archived_at).not.toBeNull();
    expect(await auditOf(t, created.guid, 'inbox_email_archived')).toHaveLength(1);

    const back = await t.app.inject({
      method: 'POST',
      url: `${emailUrl}/unarchive`,
      headers: bearer(manager),
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ guid: created.guid, archived_at: null });
    expect((await get(list)).json().count).toBe(1);
    expect(await auditOf(t, created.guid, 'inbox_email_unarchived')).toHaveLength(1);
  });

  it('shows the inbox address and regenerates it for staff who manage clients', async () => {
    const { harper, inbox, get } = await setUp();
    const url = `${inbox(harper.client.guid)}/inbox-address`;
    const first = (await get(url)).json().address as string;
    expect(first).toMatch(
      new RegExp(`^bills-[a-z0-9]{12}@${t.config.inbound.domain.replaceAll('.', '\\.')}$`),
    );
    expect((await get(url)).json().address).toBe(first);
    const client = await tokensOf('client@demo.test');
    expect((await get(url, client)).json().address).toBe(first);
    const regenerate = (tokens: Awaited<ReturnType<typeof tokensOf>>) =>
      t.app.inject({ method: 'POST', url: `${url}/regenerate`, headers: bearer(tokens) });
    expect((await regenerate(client)).statusCode).toBe(403);
    const renewed = await regenerate(await tokensOf('manager@demo.test'));
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().address).not.toBe(first);
    expect((await get(url)).json().address).toBe(renewed.json().address);
    expect(await auditOf(t, harper.client.guid, 'inbox_address_regenerated')).toHaveLength(1);
  });

  it('limits a designee with designated entities to those entities’ e-mails', async () => {
    const { harper, inbox, get, upload } = await setUp();
    const { db } = t.deps.database;
    const [link] = await db
      .select({ id: clientUsers.id })
      .from(clientUsers)
      .innerJoin(users, eq(users.id, clientUsers.userId))
      .where(and(eq(users.email, 'designee@demo.test'), eq(clientUsers.clientId, harper.client.id)));
    if (!link) throw new Error('the designee is not seeded');
    await db.insert(designatedEntities).values({ clientUserId: link.id, entityId: harper.legal.id });
    const legal = (
      await upload(harper.client.guid, [pdf('legal.pdf')], { entity: harper.legal.guid })
    ).json();
    await upload(harper.client.guid, [pdf('personal.pdf')], { entity: harper.personal.guid });
    const designee = await tokensOf('designee@demo.test');
    const list = (await get(`${inbox(harper.client.guid)}/emails?page_size=100`, designee)).json();
    // The legal entity's e-mails only (this one and the first test's scan), never the personal one's or
    // those tied to no entity.
    expect(list.results.map((e: { guid: string }) => e.guid)).toContain(legal.guid);
    expect(new Set(list.results.map((e: { entity: string | null }) => e.entity))).toEqual(
      new Set([harper.legal.guid]),
    );
    const seeded = (await get(`${inbox(harper.client.guid)}/emails?search=pacificpower`)).json().results[0];
    const url = `${inbox(harper.client.guid)}/emails/${seeded.guid}/attachments/${seeded.attachments[0].guid}`;
    expect((await get(url, designee)).statusCode).toBe(404);
    await db.delete(designatedEntities).where(eq(designatedEntities.clientUserId, link.id));
  });

  it("refuses another organisation's staff and client users of another client with 404", async () => {
    const { harper, lindqvist, org, inbox, get } = await setUp();
    const seeded = (await get(`${inbox(harper.client.guid)}/emails`)).json().results[0];
    const other = await tokensOf('other@second.test');
    const harperUrls = [
      `/v1/inbox/organizations/${org.guid}/emails`,
      `${inbox(harper.client.guid)}/emails`,
      `${inbox(harper.client.guid)}/emails/export`,
      `${inbox(harper.client.guid)}/inbox-address`,
      `${inbox(harper.client.guid)}/emails/${seeded.guid}/attachments/${seeded.attachments[0].guid}`,
    ];
    for (const url of harperUrls) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Harper');
    }
    const archive = await t.app.inject({
      method: 'DELETE',
      url: `${inbox(harper.client.guid)}/emails/${seeded.guid}`,
      headers: bearer(other),
    });
    expect(archive.statusCode).toBe(404);
    // Harper Household's client user reaches neither Lindqvist Trust's inbox nor, through it, Harper's e-mail.
    const client = await tokensOf('client@demo.test');
    expect((await get(`${inbox(lindqvist.client.guid)}/emails`, client)).statusCode).toBe(404);
    expect(
      (
        await get(
          `${inbox(lindqvist.client.guid)}/emails/${seeded.guid}/attachments/${seeded.attachments[0].guid}`,
          client,
        )
      ).statusCode,
    ).toBe(404);
    // Organisation lists are its staff's: to a client user the organisation is not there.
    expect((await get(`/v1/inbox/organizations/${org.guid}/emails`, client)).statusCode).toBe(404);
  });
});
