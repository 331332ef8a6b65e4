import { crc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../platform/http/download.ts';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { auditOf, caller, demoClient } from '../entities/test-support.ts';
import { sanitizeFileName } from './file-check.ts';
import { documents } from './tables.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const REFUSED =
  'This file type is not accepted. Upload a PDF, Word or Excel document, an image, a video or an audio file.';

/** A zip archive with uncompressed entries (enough for content sniffing). */
function storedZip(entries: [string, string][]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    directory.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}

const DOCX = storedZip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  ['word/document.xml', '<w:document/>'],
]);

function form(
  file: { name: string; type: string; data: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----bp-documents-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
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

describe('document file names', () => {
  it('keeps the last path segment without control or bidi characters, at most 200 characters', () => {
    expect(sanitizeFileName('C:\\fakepath\\Bill März (1).pdf')).toBe('Bill März (1).pdf');
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('in\u0000voice\u202Efdp.exe\n')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('..')).toBe('document');
    const long = sanitizeFileName(`${'a'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.xlsx')).toBe(true);
    expect(attachmentDisposition("Bill März (1)'s.pdf")).toBe(
      "attachment; filename*=UTF-8''Bill%20M%C3%A4rz%20%281%29%27s.pdf",
    );
  });
});

describe.each(backends)('client documents (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  const documentCount = async () =>
    (await t.deps.database.db.select({ n: count() }).from(documents))[0]?.n ?? 0;

  it('uploads a PDF checked by content, lists it newest first, downloads it under its original name, deletes it', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const manager = await login(t.app, 'manager@demo.test');
    const staff = caller(t, manager);
    const upload = (body: ReturnType<typeof form>) =>
      t.app.inject({
        method: 'POST',
        url: `${harper.accounts}/documents`,
        headers: { ...bearer(manager), ...body.headers },
        payload: body.payload,
      });
    const pdf = await upload(
      form(
        { name: 'C:\\fakepath\\Bill März (1).pdf', type: 'application/octet-stream', data: PDF },
        { entity: harper.legal.guid },
      ),
    );
    expect(pdf.statusCode).toBe(201);
    const created = pdf.json();
    expect(created).toMatchObject({
      original_name: 'Bill März (1).pdf',
      mime_type: 'application/pdf',
      size_bytes: PDF.length,
      entity: harper.legal.guid,
      uploaded_by: { first_name: 'Maya', last_name: 'Manager' },
    });
    const [row] = await t.deps.database.db.select().from(documents).where(eq(documents.guid, created.guid));
    expect(row?.fileKey).toMatch(new RegExp(`^documents/${harper.client.guid}/[0-9a-f-]{36}$`));
    expect(await t.deps.storage.get(row?.fileKey ?? '')).toEqual(PDF);
    expect((await auditOf(t, created.guid, 'document_uploaded'))[0]).toMatchObject({
      clientId: harper.client.id,
    });

    const docx = await upload(form({ name: 'letter.docx', type: 'application/zip', data: DOCX }));
    expect(docx.json().mime_type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const list = (await staff('GET', `${harper.accounts}/documents`)).json();
    expect(list.results.map((d: { guid: string }) => d.guid)).toEqual([docx.json().guid, created.guid]);
    const byEntity = (await staff('GET', `${harper.accounts}/documents?entity=${harper.legal.guid}`)).json();
    expect(byEntity.results.map((d: { guid: string }) => d.guid)).toEqual([created.guid]);
    expect((await staff('GET', `${harper.accounts}/documents?entity=all-entities`)).json().count).toBe(2);
    expect((await staff('GET', `${harper.accounts}/documents/${created.guid}`)).json()).toEqual(created);

    const download = await staff('GET', `${harper.accounts}/documents/${created.guid}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Bill%20M%C3%A4rz%20%281%29.pdf",
    );
    expect(download.rawPayload).toEqual(PDF);

    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client('GET', `${harper.accounts}/documents/${created.guid}/download`)).statusCode).toBe(
      200,
    );
    expect((await client('DELETE', `${harper.accounts}/documents/${created.guid}`)).statusCode).toBe(403);
    expect((await staff('DELETE', `${harper.accounts}/documents/${created.guid}`)).statusCode).toBe(204);
    expect((await staff('GET', `${harper.accounts}/documents/${created.guid}`)).statusCode).toBe(404);
    expect(await t.deps.storage.get(row?.fileKey ?? '')).toBeNull();
    expect(await auditOf(t, created.guid, 'document_deleted')).toHaveLength(1);
  });

  it('lets a client user upload an image; refuses renamed text, plain zips, empty and oversized files', async () => {
    const harper = await demoClient(t, 'Harper Household');
    const lindqvist = await demoClient(t, 'Lindqvist Trust');
    const tokens = await login(t.app, 'client@demo.test');
    const upload = (body: ReturnType<typeof form>) =>
      t.app.inject({
        method: 'POST',
        url: `${harper.accounts}/documents`,
        headers: { ...bearer(tokens), ...body.headers },
        payload: body.payload,
      });
    const png = await upload(form({ name: 'receipt.png', type: 'image/png', data: PNG }));
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ mime_type: 'image/png', uploaded_by: { first_name: 'Claire' } });

    const before = await documentCount();
    const text = Buffer.from('Just some text pretending to be a PDF.\n');
    const renamed = await upload(form({ name: 'invoice.pdf', type: 'application/pdf', data: text }));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ file: [REFUSED] });
    const zip = await upload(
      form({ name: 'bills.zip', type: 'application/zip', data: storedZip([['a.txt', 'a']]) }),
    );
    expect(zip.json()).toEqual({ file: [REFUSED] });
    const empty = await upload(form({ name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) }));
    expect(empty.json()).toEqual({ file: ['The file is empty.'] });
    const huge = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const oversized = await upload(form({ name: 'huge.pdf', type: 'application/pdf', data: huge }));
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toEqual({ file: ['The file must be 25 MB or smaller.'] });
    const foreign = await upload(
      form({ name: 'a.pdf', type: 'application/pdf', data: PDF }, { entity: lindqvist.legal.guid }),
    );
    expect(foreign.json()).toEqual({ entity: ['Choose an entity of this client.'] });
    const missing = await upload(form(null, { entity: harper.legal.guid }));
    expect(missing.json()).toEqual({ file: ['This field is required.'] });
    const json = await caller(t, tokens)('POST', `${harper.accounts}/documents`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(await documentCount()).toBe(before);

    const observer = await login(t.app, 'observer@demo.test');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${harper.accounts}/documents`,
      headers: { ...bearer(observer), ...form({ name: 'r.png', type: 'image/png', data: PNG }).headers },
      payload: form({ name: 'r.png', type: 'image/png', data: PNG }).payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(await documentCount()).toBe(before);
  });
});
