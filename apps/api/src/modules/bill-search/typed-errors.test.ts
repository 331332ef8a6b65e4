import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../../test/build-test-app.ts';
import { staffClientScope } from '../bill-core/test-support.ts';
import { BillSearchError } from './errors.ts';
import { organizationBillScope } from './scope.ts';

// Bill search's scope called directly (no app request): it refuses with BillSearchError.
describe.each(backends)('bill-search refusals (%s)', (backend) => {
  const t = useTestApp(backend);

  it("refuses another organisation's or an unknown client with its own not_found", async () => {
    const { organization } = await staffClientScope(t);
    if (!organization) throw new Error('staff scope without organisation');
    const error = await organizationBillScope(t.deps.database.db, organization, {
      client: randomUUID(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillSearchError);
    expect(error).toMatchObject({
      kind: 'not_found',
      code: 'not_found',
      detail: 'No such client in this organization.',
    });
  });
});
