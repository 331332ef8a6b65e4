import {
  billSearchRoutes,
  commitmentsRoutes,
  defineRoute,
  FILE_RESPONSE,
  MULTIPART_BODY,
  noContentResponse,
  okBody,
} from '@bp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ResponseValidationError } from './call-route.ts';
import { createApiClient } from './create-api-client.ts';
import {
  accessToken,
  fakeFetch,
  json,
  NOW_MS,
  type RecordedCall,
  storageWith,
} from './fake-server.test-support.ts';

const ORG = '0b7b3f0e-2f4c-4b8a-9a43-5c6d7e8f9a0b';
const generate = commitmentsRoutes.postBillingOrganizationCommitmentsGenerateInstances;

function client(handler: (call: RecordedCall) => Response, validateResponses = true) {
  const server = fakeFetch(handler);
  const api = createApiClient({
    baseUrl: 'http://api.test',
    storage: storageWith(accessToken('fresh', 300), null),
    getTimezone: () => 'UTC',
    onSessionExpired: vi.fn(),
    fetchImpl: server.fetchImpl,
    now: () => NOW_MS,
    validateResponses,
  });
  return { api, server };
}

describe('call(route)', () => {
  it('sends the declared method to the path built from the encoded parameters, with query and body', async () => {
    const { api, server } = client(() => json(200, {}), false);

    await api.call(commitmentsRoutes.patchBillingClientCommitment, {
      params: { clientGuid: 'a/b c', commitmentId: 7 },
      body: { version: 3, memo: 'Rent' },
    });
    await api.call(commitmentsRoutes.getBillingClientCommitmentNotes, {
      params: { clientGuid: ORG, commitmentId: 7 },
      query: { page: 2, page_size: 5 },
    });

    expect(server.calls[0]).toMatchObject({
      method: 'PATCH',
      url: 'http://api.test/v1/billing/clients/a%2Fb%20c/commitments/7',
      body: { version: 3, memo: 'Rent' },
    });
    expect(server.calls[1]).toMatchObject({
      method: 'GET',
      url: `http://api.test/v1/billing/clients/${ORG}/commitments/7/notes?page=2&page_size=5`,
    });
  });

  it('repeats a query key once per value of a list, as the API reads several statuses', async () => {
    const { api, server } = client(
      () => json(200, { count: 0, next: null, previous: null, results: [] }),
      false,
    );

    await api.call(billSearchRoutes.getBillingOrganizationAdvancedSearch, {
      params: { organizationGuid: ORG },
      query: { status: ['pre_bill', 'paid'], page: 1 },
    });

    expect(server.calls[0]?.url).toBe(
      `http://api.test/v1/billing/organizations/${ORG}/advanced-search?status=pre_bill&status=paid&page=1`,
    );
  });

  it('accepts an answer that matches the declaration', async () => {
    const { api } = client(() => json(200, { commitments: 2, inserted: 5, until: '2026-04-15' }));
    await expect(api.call(generate, { params: { organizationGuid: ORG } })).resolves.toEqual({
      commitments: 2,
      inserted: 5,
      until: '2026-04-15',
    });
  });

  it('fails validation, naming the route and the field, when a field has the wrong type', async () => {
    const { api } = client(() => json(200, { commitments: '2', inserted: 5, until: '2026-04-15' }));

    const error = await api.call(generate, { params: { organizationGuid: ORG } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(
      /^The answer of POST \/v1\/billing\/organizations\/:organizationGuid\/commitments\/generate-instances does not match its declaration: commitments: .*expected number/,
    );
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toEqual([['commitments']]);
  });

  it('skips the check when validation is off (production)', async () => {
    const { api } = client(() => json(200, { commitments: '2', inserted: 5, until: '2026-04-15' }), false);
    await expect(api.call(generate, { params: { organizationGuid: ORG } })).resolves.toMatchObject({
      commitments: '2',
    });
  });

  it('takes an empty 204 answer as the declared no-content answer', async () => {
    const route = defineRoute({
      method: 'DELETE',
      path: '/v1/things',
      responses: { 204: noContentResponse },
    });
    const { api } = client(() => new Response(null, { status: 204 }));
    await expect(api.call(route)).resolves.toBeUndefined();
  });

  it('reads a download as a file with its Content-Disposition', async () => {
    const route = defineRoute({
      method: 'GET',
      path: '/v1/things/export',
      responses: { 200: FILE_RESPONSE },
    });
    const { api } = client(
      () =>
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="things.csv"' },
        }),
    );

    const file = await api.call(route);

    expect(file.disposition).toBe('attachment; filename="things.csv"');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
  });

  it('sends a multipart body as the FormData given', async () => {
    const route = defineRoute({
      method: 'POST',
      path: '/v1/things/upload',
      body: MULTIPART_BODY,
      responses: { 201: okBody },
    });
    const { api, server } = client(() => json(201, { detail: 'Stored.' }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');

    await expect(api.call(route, { body: form })).resolves.toEqual({ detail: 'Stored.' });
    expect(server.calls[0]?.body).toBe(form);
  });

  it('refuses to call a path whose parameter is missing', async () => {
    const { api, server } = client(() => json(200, {}));
    await expect(api.call(generate, { params: { organizationGuid: '' } })).rejects.toThrow(
      'no value for the path parameter "organizationGuid"',
    );
    expect(server.calls).toHaveLength(0);
  });
});
