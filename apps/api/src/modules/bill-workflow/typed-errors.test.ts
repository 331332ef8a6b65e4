import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { plainContext, staffClientScope } from '../bill-core/test-support.ts';
import { notifyAwaitingApproval } from './awaiting-approval.ts';
import { WorkflowError } from './errors.ts';
import { createWorkflowService, STALE } from './service.ts';
import { workflowKit } from './test-support.ts';

// The workflow's services called with a plain context (no Fastify): they refuse with WorkflowError.
describe.each(backends)('bill-workflow refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses a stale version and an unknown entity with its own errors', async () => {
    const k = workflowKit(t);
    const bill = await k.enter(await k.as('associate@demo.test'));
    const scope = await staffClientScope(t);
    const service = createWorkflowService(t.deps);
    const stale = await service
      .act(plainContext(scope), bill.guid, { action: 'revise', reason: 'x' }, bill.version + 1)
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(WorkflowError);
    expect(stale).toMatchObject({ kind: 'conflict', code: 'conflict', detail: STALE });

    const request = { recipients: [], is_urgent: false, is_funding_required: false };
    const unknown = await notifyAwaitingApproval(
      t.deps,
      plainContext(scope),
      randomUUID(),
      request,
      'x',
    ).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(WorkflowError);
    expect(unknown).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });
});
