import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { staffClientScope } from '../bill-core/test-support.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { createBillAttachmentService } from './attachments-service.ts';
import { BillsError } from './errors.ts';

// The bills module's services called directly (no app request): they refuse with BillsError.
describe.each(backends)('bills refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses an attachment the bill does not have with its own not_found', async () => {
    const k = workflowKit(t);
    const bill = await k.enter(await k.as('associate@demo.test'));
    const scope = await staffClientScope(t);
    const error = await createBillAttachmentService(t.deps)
      .download(scope, bill.guid, randomUUID())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillsError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });
});
