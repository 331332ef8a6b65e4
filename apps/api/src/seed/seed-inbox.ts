import { eq } from 'drizzle-orm';
import { clients } from '../modules/clients/tables.ts';
import { inboxEmailAttachments, inboxEmails } from '../modules/inbox/tables.ts';
import type { Tx } from '../platform/db.ts';
import type { FileStorage } from '../platform/storage.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * One e-mail in Harper Household's pre-bill inbox (issue 13), with a PDF invoice attached, so the inbox
 * pages and the route walkers (test/tenant-ids.ts) have a real row to reach. With the app's file storage
 * (as `npm start` and the API tests seed) the PDF is there too, so it opens and downloads.
 */
export async function seedInbox(tx: Tx, now: Date = new Date(), storage?: FileStorage): Promise<void> {
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.name, 'Harper Household'));
  if (!client) throw new Error('seed: no client Harper Household');
  const [email] = await tx
    .insert(inboxEmails)
    .values({
      clientId: client.id,
      source: 'email',
      fromAddress: 'billing@pacificpower.test',
      fromName: 'Pacific Power & Light',
      subject: 'Your electricity bill is ready',
      textBody:
        'Dear customer,\n\nyour bill for account 4471-0092 is attached. Amount due: $182.40, due in 20 days.\n\nPacific Power & Light',
      receivedAt: new Date(now.getTime() - 3 * HOUR_MS),
    })
    .returning({ id: inboxEmails.id, guid: inboxEmails.guid });
  if (!email) throw new Error('seed: the inbox e-mail was not inserted');
  const storageKey = `inbox/seed/${email.guid}/0`;
  const pdf = invoicePdf();
  await storage?.put(storageKey, pdf);
  await tx.insert(inboxEmailAttachments).values({
    emailId: email.id,
    fileName: 'invoice-4471-0092.pdf',
    mimeType: 'application/pdf',
    sizeBytes: pdf.length,
    storageKey,
    convertible: true,
    position: 0,
  });
}

/**
 * A one-page PDF invoice with real text (what a PDF reader shows and a text extractor reads), written
 * out object by object with the cross-reference table its offsets need.
 */
function invoicePdf(): Buffer {
  const lines = [
    'Pacific Power & Light',
    'Invoice 4471-0092',
    'Account 4471-0092',
    'Amount due: $182.40',
    'Due in 20 days',
  ];
  const text = lines.map((line, i) => `BT /F1 14 Tf 72 ${720 - i * 24} Td (${line}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
