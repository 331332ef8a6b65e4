import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { plainContext, staffClientScope } from '../bill-core/test-support.ts';
import { PaymentsError } from './errors.ts';
import { createPaymentService } from './service.ts';

// Payments' services called with a plain context (no Fastify): they refuse with PaymentsError.
describe.each(backends)('payments refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses recording the payments of an unknown export with its own not_found', async () => {
    const scope = await staffClientScope(t);
    const service = createPaymentService(t.deps);
    const error = await service
      .recordExportPayments(plainContext(scope), randomUUID(), '2030-01-15')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentsError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });
});
