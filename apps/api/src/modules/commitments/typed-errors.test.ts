import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { staffClientScope } from '../bill-core/test-support.ts';
import { findCommitment } from './commitment-visibility.ts';
import { CommitmentsError } from './errors.ts';

// Commitments' reads called directly (no app request): they refuse with CommitmentsError.
describe.each(backends)('commitments refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it('refuses an unknown commitment with its own not_found', async () => {
    const scope = await staffClientScope(t);
    const error = await findCommitment(t.deps.database.db, scope, -1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitmentsError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'not_found' });
  });
});
