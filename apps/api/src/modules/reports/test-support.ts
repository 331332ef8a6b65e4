import type { TokenPair } from '@bp/contracts';
import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { bearer } from '../../test/build-test-app.ts';
import { bills } from '../bill-core/tables.ts';
import { vendors } from '../entities/tables.ts';

/** Waits for a state, never for a duration: polls until `check` stops throwing. */
export const eventually = <T>(check: () => Promise<T>) =>
  vi.waitFor(check, { timeout: 60_000, interval: 200 });

/** A multipart body with one `file` part. */
export function fileForm(name: string, type: string, data: Buffer) {
  const boundary = '----bp-reports-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A bill paid by check (or another method), inserted as a fixture: what the generated reports read. */
export async function paidBill(
  t: TestApp,
  entity: { id: number; clientId: number },
  organizationId: number,
  bill: { amount: number; paidDate: string; check: string; method?: 'check' | 'ach'; invoice: string },
) {
  const { db } = t.deps.database;
  // A payee of the entity's own, with a comma in its name (CSV quoting) and an address (the check's).
  const name = `Riverside Services, Inc. ${entity.id}`;
  let [vendor] = await db.select().from(vendors).where(eq(vendors.name, name)).limit(1);
  if (!vendor) {
    [vendor] = await db
      .insert(vendors)
      .values({
        entityId: entity.id,
        name,
        addr1: '12 Mill Road',
        city: 'Portland',
        state: 'OR',
        postalCode: '97201',
      })
      .returning();
  }
  if (!vendor) throw new Error('vendor insert returned nothing');
  const [row] = await db
    .insert(bills)
    .values({
      organizationId,
      clientId: entity.clientId,
      entityId: entity.id,
      vendorId: vendor.id,
      amount: bill.amount,
      dueDate: bill.paidDate,
      invoiceNumber: bill.invoice,
      paymentMethod: bill.method ?? 'check',
      invoiceSource: 'vendor',
      status: 'paid',
      paidAt: new Date(`${bill.paidDate}T12:00:00Z`),
      paidDate: bill.paidDate,
      paymentReference: bill.check,
    })
    .returning();
  if (!row) throw new Error('bill insert returned nothing');
  return { ...row, vendorName: vendor.name };
}

/** Runs a generation job to its end through the API and returns the job as the user reads it. */
export async function generateAndWait(
  t: TestApp,
  tokens: TokenPair,
  url: string,
  body: Record<string, unknown>,
) {
  const queued = await t.app.inject({ method: 'POST', url, headers: bearer(tokens), payload: body });
  if (queued.statusCode !== 202) throw new Error(`generate: ${queued.statusCode} ${queued.body}`);
  const jobId = queued.json().job_id as string;
  return eventually(async () => {
    const job = (
      await t.app.inject({ method: 'GET', url: `/v1/jobs/${jobId}`, headers: bearer(tokens) })
    ).json();
    if (job.state !== 'completed' && job.state !== 'failed') throw new Error(`job still ${job.state}`);
    return job;
  });
}
