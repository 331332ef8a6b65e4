import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { staffClientScope } from '../bill-core/test-support.ts';
import { workflowKit } from '../bill-workflow/test-support.ts';
import { BillMessagesError } from './errors.ts';
import { createBillMessageService } from './service.ts';

// The messages service called directly (no app request): it refuses with BillMessagesError.
describe.each(backends)('bill-messages refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses marking read a message the bill does not have with its own not_found', async () => {
    const k = workflowKit(t);
    const bill = await k.enter(await k.as('associate@demo.test'));
    const scope = await staffClientScope(t);
    const reader = {
      userId: 0,
      maskedByUserId: null,
      actor: { actorUserId: null, maskedByUserId: null, requestId: null, ipAddress: null },
    };
    const error = await createBillMessageService(t.deps)
      .markMessageRead(scope, reader, bill.guid, randomUUID())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillMessagesError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });
});
