import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { BillCoreError } from './errors.ts';
import { findVisibleBill } from './index.ts';
import { APPROVE_IS_NOT_PAYMENT, approveRefusal } from './payment.ts';
import { staffClientScope } from './test-support.ts';

// Services of bill-core called directly, with no app request: they refuse with BillCoreError.
describe.each(backends)('bill-core refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses a bill out of sight with its own not_found, and approving a bill waiting for its payment', async () => {
    const scope = await staffClientScope(t);
    const error = await findVisibleBill(t.deps.database.db, scope, randomUUID()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillCoreError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'not_found', detail: 'Not found.' });

    const refusal = approveRefusal({ ok: false, status: 409, detail: APPROVE_IS_NOT_PAYMENT });
    expect(refusal).toBeInstanceOf(BillCoreError);
    expect(refusal).toMatchObject({ kind: 'conflict', code: 'record_payment_required' });
  });
});
