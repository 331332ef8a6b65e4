import { describe, expect, it } from 'vitest';
import { type Backend, backends, bearer, login, useTestApp } from '../../test/build-test-app.ts';
import { auditOf, caller } from '../entities/test-support.ts';
import { billBooks } from './test-support.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const REFUSED =
  'This file type is not accepted. Upload a PDF, Word or Excel document, an image, a video or an audio file.';

function form(file: { name: string; type: string; data: Buffer }) {
  const boundary = '----bp-bill-attachments';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(backends)('bill attachments and notes (%s)', (backend: Backend) => {
  const t = useTestApp(backend);

  async function newBill() {
    const books = await billBooks(t);
    const associate = caller(t, await login(t.app, 'associate@demo.test'));
    const res = await associate('POST', books.base, books.request());
    expect(res.statusCode).toBe(201);
    return { books, guid: res.json().guid as string, url: books.bill(res.json().guid) };
  }
  async function upload(email: string, url: string, file: { name: string; type: string; data: Buffer }) {
    const tokens = await login(t.app, email);
    const body = form(file);
    return t.app.inject({
      method: 'POST',
      url: `${url}/attachments`,
      headers: { ...bearer(tokens), ...body.headers },
      payload: body.payload,
    });
  }

  it('accepts a PDF by content, refuses a .pdf that is text, serves the same bytes, records the deletion', async () => {
    const { guid, url } = await newBill();
    const accepted = await upload('associate@demo.test', url, {
      name: 'C:\\fakepath\\Invoice 42.pdf',
      type: 'application/octet-stream',
      data: PDF,
    });
    expect(accepted.statusCode).toBe(201);
    const attachment = accepted.json();
    expect(attachment).toMatchObject({
      original_name: 'Invoice 42.pdf',
      mime_type: 'application/pdf',
      size_bytes: PDF.length,
      uploaded_by: { first_name: 'Alex', last_name: 'Associate' },
    });

    const fake = await upload('associate@demo.test', url, {
      name: 'invoice.pdf',
      type: 'application/pdf',
      data: Buffer.from('just some text pretending to be a PDF'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ file: [REFUSED] });

    const manager = caller(t, await login(t.app, 'manager@demo.test'));
    const list = await manager('GET', `${url}/attachments`);
    expect(list.json()).toEqual([attachment]);

    const download = await manager('GET', `${url}/attachments/${attachment.guid}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Invoice%2042.pdf");
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const removed = await manager('DELETE', `${url}/attachments/${attachment.guid}`);
    expect(removed.statusCode).toBe(204);
    expect((await manager('GET', `${url}/attachments`)).json()).toEqual([]);
    expect((await manager('GET', `${url}/attachments/${attachment.guid}/download`)).statusCode).toBe(404);
    const events = (await manager('GET', `${url}/events`)).json().results;
    expect(events.at(-1)).toMatchObject({
      kind: 'attachment_deleted',
      data: { file_name: 'Invoice 42.pdf' },
      user: { first_name: 'Maya' },
    });
    expect(await auditOf(t, attachment.guid, 'bill_attachment_deleted')).toHaveLength(1);
    expect(guid).toBeTypeOf('string');
  });

  it('lets the client upload and delete its own file, never staff files; observers only read', async () => {
    const { url } = await newBill();
    const own = await upload('client@demo.test', url, {
      name: 'receipt.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(own.statusCode).toBe(201);
    const staffFile = (
      await upload('associate@demo.test', url, { name: 'scan.pdf', type: 'application/pdf', data: PDF })
    ).json();

    const observerUpload = await upload('observer@demo.test', url, {
      name: 'x.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(observerUpload.statusCode).toBe(403);
    const observer = caller(t, await login(t.app, 'observer@demo.test'));
    expect((await observer('GET', `${url}/attachments`)).json()).toHaveLength(2);
    expect((await observer('DELETE', `${url}/attachments/${own.json().guid}`)).statusCode).toBe(403);
    const shown = (await observer('GET', url)).json();
    expect(Object.values(shown.can).every((v) => v === false)).toBe(true);

    const client = caller(t, await login(t.app, 'client@demo.test'));
    expect((await client('DELETE', `${url}/attachments/${staffFile.guid}`)).statusCode).toBe(403);
    expect((await client('DELETE', `${url}/attachments/${own.json().guid}`)).statusCode).toBe(204);
  });

  it('keeps notes among staff: client users can neither read nor write them', async () => {
    const { url } = await newBill();
    const associate = caller(t, await login(t.app, 'associate@demo.test'));
    const created = await associate('POST', `${url}/notes`, {
      body: '  Called the vendor about the late fee.  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      body: 'Called the vendor about the late fee.',
      user: { first_name: 'Alex', last_name: 'Associate' },
    });
    await associate('POST', `${url}/notes`, { body: 'Second note' });
    const list = (await associate('GET', `${url}/notes`)).json();
    expect(list.count).toBe(2);
    expect(list.results.map((n: { body: string }) => n.body)).toEqual([
      'Called the vendor about the late fee.',
      'Second note',
    ]);
    expect((await associate('POST', `${url}/notes`, { body: '' })).statusCode).toBe(400);

    for (const email of ['client@demo.test', 'observer@demo.test']) {
      const client = caller(t, await login(t.app, email));
      expect((await client('GET', `${url}/notes`)).statusCode).toBe(403);
      expect((await client('POST', `${url}/notes`, { body: 'hi' })).statusCode).toBe(403);
    }
    expect(await auditOf(t, created.json().guid, 'bill_note_created')).toHaveLength(1);
  });
});
