import { STORAGE_KEYS } from '@bp/api-client';
import type { TokenPair } from '@bp/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiError, jwt, MemoryStorage, page, scriptedApi } from './fake-api.test-support.ts';
import { createSessionStore, PATHS } from './session-store.ts';
import {
  advisorProfile,
  client,
  familyOfficeProfile,
  organization,
  profile,
  USER_GUID,
} from './test-fixtures.ts';

const STAFF_GUID = '7a7a7a7a-1b1b-4c2c-8d3d-4e4e4e4e4e4e';
const TARGET_GUID = '9c9c9c9c-1b1b-4c2c-8d3d-4e4e4e4e4e4e';
const exp = 4_000_000_000;

const orgTokens = (extra: Record<string, unknown> = {}): TokenPair => ({
  access: jwt({ sub: USER_GUID, exp, type: 'bporg', staff: 'admin', password_expired: false, ...extra }),
  refresh: 'refresh-org',
});
const clientTokens = (extra: Record<string, unknown> = {}): TokenPair => ({
  access: jwt({ sub: USER_GUID, exp, type: 'client', staff: null, password_expired: false, ...extra }),
  refresh: 'refresh-client',
});

function setup(tokens?: TokenPair) {
  const storage = new MemoryStorage();
  if (tokens) {
    storage.setItem(STORAGE_KEYS.access, tokens.access);
    storage.setItem(STORAGE_KEYS.refresh, tokens.refresh);
  }
  const server = scriptedApi();
  const onContextChanged = vi.fn();
  const store = createSessionStore({ api: server.api, storage, onContextChanged, retryDelayMs: 0 });
  return { storage, server, store, onContextChanged };
}

describe('start', () => {
  it('stays signed out without tokens and calls nothing', async () => {
    const { store, server } = setup();
    await store.start();
    expect(store.getSnapshot().status).toBe('signed_out');
    expect(server.calls).toHaveLength(0);
  });

  it('auto-selects and saves the only organisation, with client property default 0 when unset', async () => {
    const { store, server, storage } = setup(orgTokens());
    const only = organization({ name: 'Solo', client_property_default: '' });
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([only]));
    expect(store.getSnapshot().status).toBe('loading');
    await store.start();
    const snapshot = store.getSnapshot();
    expect(snapshot).toMatchObject({ status: 'ready', selection: 'selected', organization: only });
    expect(storage.getItem(STORAGE_KEYS.organizationGuid)).toBe(only.guid);
    expect(storage.getItem(STORAGE_KEYS.organizationName)).toBe('Solo');
    expect(storage.getItem(STORAGE_KEYS.clientPropertyDefault)).toBe('0');
  });

  it('leaves several organisations to choose from', async () => {
    const { store, server, storage } = setup(orgTokens());
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([organization(), organization()]));
    await store.start();
    expect(store.getSnapshot()).toMatchObject({ selection: 'choose', organization: null });
    expect(storage.getItem(STORAGE_KEYS.organizationGuid)).toBeNull();
  });

  it('reads the client list, page 1 only', async () => {
    const { store, server, storage } = setup(clientTokens());
    const only = client({ name: 'Only' });
    server.on('GET', PATHS.me, () => profile()).on('GET', PATHS.clients, () => page([only]));
    await store.start();
    expect(server.callsTo('GET', PATHS.clients)[0]?.options?.query).toMatchObject({ page: 1 });
    expect(store.getSnapshot()).toMatchObject({ selection: 'selected', client: only });
    expect(storage.getItem(STORAGE_KEYS.clientGuid)).toBe(only.guid);
    expect(storage.getItem(STORAGE_KEYS.clientOnboarding)).toBe('1');
  });

  it('does not retry the client list after must_accept_terms', async () => {
    const { store, server } = setup(clientTokens());
    server
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => {
        throw apiError(403, { detail: 'Accept the terms.', code: 'must_accept_terms' });
      });
    await store.start();
    expect(server.callsTo('GET', PATHS.clients)).toHaveLength(1);
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', selection: 'must_accept_terms' });
  });

  it('tries the client list up to 3 times', async () => {
    const { store, server } = setup(clientTokens());
    let tries = 0;
    server
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => {
        tries++;
        if (tries < 3) throw apiError(503, { detail: 'Busy', code: 'unavailable' });
        return page([client()]);
      });
    await store.start();
    expect(tries).toBe(3);
    expect(store.getSnapshot().status).toBe('ready');
  });

  it('fails after the third failed try, with the server message', async () => {
    const { store, server } = setup(clientTokens());
    server
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => {
        throw apiError(503, { detail: 'Busy', code: 'unavailable' });
      });
    await store.start();
    expect(server.callsTo('GET', PATHS.clients)).toHaveLength(3);
    expect(store.getSnapshot()).toMatchObject({ status: 'failed', failure: 'Busy' });
  });

  it('gives family-office users the executive role and saves the mode', async () => {
    const { store, server, storage } = setup(clientTokens());
    const pending = client({ is_onboarding_completed: false });
    server
      .on('GET', PATHS.me, () => familyOfficeProfile())
      .on('GET', PATHS.clients, () => page([client(), pending]));
    await store.start();
    expect(store.getSnapshot()).toMatchObject({
      mode: 'family_office',
      client: { guid: pending.guid, role: 'exec' },
    });
    expect(storage.getItem(STORAGE_KEYS.clientRole)).toBe('exec');
    expect(storage.getItem(STORAGE_KEYS.familyOfficeMode)).toBe('true');
  });
});

describe('signIn', () => {
  it('loads the session and asks to go to the saved redirect url, forgetting it', async () => {
    const { store, server, storage, onContextChanged } = setup();
    storage.setItem(STORAGE_KEYS.redirectUrl, '/reports?year=2025');
    storage.setItem(STORAGE_KEYS.maskOriginal, JSON.stringify(orgTokens()));
    server.on('GET', PATHS.me, () => profile()).on('GET', PATHS.clients, () => page([client()]));
    await store.signIn(clientTokens());
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', pendingNavigation: '/reports?year=2025' });
    expect(store.getSnapshot().isMasked).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.redirectUrl)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.maskOriginal)).toBeNull();
    expect(onContextChanged).toHaveBeenCalled();
  });

  it('asks to go home without a saved redirect url', async () => {
    const { store, server } = setup();
    server.on('GET', PATHS.me, () => advisorProfile()).on('GET', PATHS.clients, () => page([client()]));
    await store.signIn(clientTokens());
    expect(store.getSnapshot().pendingNavigation).toBe('/wealth-advisor-dashboard');
  });

  it('sends an associate to the associate dashboard', async () => {
    const { store, server } = setup();
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([organization({ team_label: 'Associate' })]));
    await store.signIn(orgTokens());
    expect(store.getSnapshot().pendingNavigation).toBe('/associate-dashboard');
  });

  it('rethrows a failed load, forgets the tokens and stays signed out', async () => {
    const { store, server, storage } = setup();
    server.on('GET', PATHS.me, () => {
      throw apiError(500, { detail: 'Down', code: 'error' });
    });
    await expect(store.signIn(clientTokens())).rejects.toThrow();
    expect(store.getSnapshot().status).toBe('signed_out');
    expect(storage.getItem(STORAGE_KEYS.access)).toBeNull();
  });
});

describe('signOut and expiry', () => {
  it('revokes the refresh token, clears storage and asks for /login', async () => {
    const { store, server, storage } = setup(clientTokens());
    server.on('POST', PATHS.blacklist, () => ({ detail: 'ok' }));
    storage.setItem(STORAGE_KEYS.clientGuid, 'c1');
    await store.signOut();
    expect(server.callsTo('POST', PATHS.blacklist)[0]?.options?.body).toEqual({ refresh: 'refresh-client' });
    expect(storage.values.size).toBe(0);
    expect(store.getSnapshot()).toMatchObject({ status: 'signed_out', pendingNavigation: '/login' });
  });

  it('signs out even when the revoke call fails', async () => {
    const { store, server } = setup(clientTokens());
    server.on('POST', PATHS.blacklist, () => {
      throw apiError(500, {});
    });
    await store.signOut();
    expect(store.getSnapshot().status).toBe('signed_out');
  });

  it('drops to signed out when the API reports the session expired', async () => {
    const { store, server, onContextChanged } = setup(clientTokens());
    server.on('GET', PATHS.me, () => profile()).on('GET', PATHS.clients, () => page([client()]));
    await store.start();
    store.expire();
    expect(store.getSnapshot()).toMatchObject({ status: 'signed_out', pendingNavigation: null });
    expect(onContextChanged).toHaveBeenCalled();
  });

  it('clears storage and asks for /login?error=no_client when there is no client', () => {
    const { store, storage } = setup(clientTokens());
    store.endWithoutClient();
    expect(storage.values.size).toBe(0);
    expect(store.getSnapshot()).toMatchObject({
      status: 'signed_out',
      pendingNavigation: '/login?error=no_client',
    });
  });
});

describe('selection', () => {
  it('saves the organisation and goes to the remembered path, once', async () => {
    const { store, server, storage } = setup(orgTokens());
    const [a, b] = [organization(), organization({ name: 'Second' })];
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([a, b]));
    await store.start();
    storage.setItem(STORAGE_KEYS.returnPath, '/clients/c1');
    store.selectOrganization(b);
    expect(store.getSnapshot()).toMatchObject({
      organization: b,
      selection: 'selected',
      pendingNavigation: '/clients/c1',
    });
    expect(storage.getItem(STORAGE_KEYS.organizationName)).toBe('Second');
    expect(storage.getItem(STORAGE_KEYS.returnPath)).toBeNull();
  });

  it('follows a rename of an organisation without navigating; other organisations stay as they are', async () => {
    const { store, server, storage } = setup(orgTokens());
    const [a, b] = [organization({ name: 'First' }), organization({ name: 'Second' })];
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([a, b]));
    await store.start();
    store.selectOrganization(a);
    store.navigationDone();
    store.organizationUpdated({ ...a, name: 'First, renamed', client_property_default: '3' });
    expect(store.getSnapshot()).toMatchObject({
      organization: { guid: a.guid, name: 'First, renamed', client_property_default: '3' },
      organizations: [{ name: 'First, renamed' }, { name: 'Second' }],
      pendingNavigation: null,
    });
    expect(storage.getItem(STORAGE_KEYS.organizationName)).toBe('First, renamed');
    expect(storage.getItem(STORAGE_KEYS.clientPropertyDefault)).toBe('3');
    store.organizationUpdated({ ...b, name: 'Second, renamed' });
    expect(store.getSnapshot().organization?.name).toBe('First, renamed');
    expect(store.getSnapshot().organizations[1]?.name).toBe('Second, renamed');
    expect(storage.getItem(STORAGE_KEYS.organizationName)).toBe('First, renamed');
  });

  it('goes to the home of the chosen organisation when no path was remembered', async () => {
    const { store, server } = setup(orgTokens());
    const associateOrg = organization({ team_label: 'Associate' });
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([organization(), associateOrg]));
    await store.start();
    store.selectOrganization(associateOrg);
    expect(store.getSnapshot().pendingNavigation).toBe('/associate-dashboard');
  });

  it('saves the client and goes home', async () => {
    const { store, server, storage } = setup(clientTokens());
    const [a, b] = [client(), client({ name: 'B' })];
    server.on('GET', PATHS.me, () => profile()).on('GET', PATHS.clients, () => page([a, b]));
    await store.start();
    expect(store.getSnapshot().selection).toBe('choose');
    store.selectClient(b);
    expect(store.getSnapshot()).toMatchObject({
      client: b,
      selection: 'selected',
      pendingNavigation: '/dashboard',
    });
    expect(storage.getItem(STORAGE_KEYS.clientName)).toBe('B');
  });
});

describe('mask and unmask', () => {
  it('keeps the original tokens and selection, takes the target tokens and goes to the target home', async () => {
    const staff = orgTokens({ sub: STAFF_GUID });
    const { store, server, storage } = setup(staff);
    const org = organization();
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg', staff: 'admin' }))
      .on('GET', PATHS.organizations, () => page([org]));
    await store.start();

    const target = clientTokens({ sub: TARGET_GUID, masked_by: STAFF_GUID });
    server
      .on('POST', PATHS.mask, () => target)
      .on('GET', PATHS.me, () => profile({ guid: TARGET_GUID }))
      .on('GET', PATHS.clients, () => page([client()]));
    await store.mask(TARGET_GUID);

    expect(server.callsTo('POST', PATHS.mask)[0]?.options?.body).toEqual({ guid: TARGET_GUID });
    expect(storage.getItem(STORAGE_KEYS.access)).toBe(target.access);
    const original = JSON.parse(storage.getItem(STORAGE_KEYS.maskOriginal) ?? 'null');
    expect(original).toMatchObject({ access: staff.access, refresh: staff.refresh });
    expect(original.selection[STORAGE_KEYS.organizationGuid]).toBe(org.guid);
    expect(storage.getItem(STORAGE_KEYS.organizationGuid)).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ isMasked: true, pendingNavigation: '/dashboard' });

    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg', staff: 'admin' }))
      .on('POST', PATHS.blacklist, () => ({ detail: 'ok' }));
    await store.unmask();
    expect(storage.getItem(STORAGE_KEYS.access)).toBe(staff.access);
    expect(storage.getItem(STORAGE_KEYS.refresh)).toBe(staff.refresh);
    expect(storage.getItem(STORAGE_KEYS.maskOriginal)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.organizationGuid)).toBe(org.guid);
    expect(storage.getItem(STORAGE_KEYS.clientGuid)).toBeNull();
    expect(server.callsTo('POST', PATHS.blacklist)[0]?.options?.body).toEqual({ refresh: target.refresh });
    expect(store.getSnapshot()).toMatchObject({
      isMasked: false,
      organization: org,
      pendingNavigation: '/manager-dashboard',
    });
  });

  it('leaves the session alone when the mask call is refused', async () => {
    const { store, server, storage } = setup(orgTokens());
    server.on('POST', PATHS.mask, () => {
      throw apiError(403, { detail: 'Not allowed', code: 'permission_denied' });
    });
    await expect(store.mask(TARGET_GUID)).rejects.toThrow();
    expect(storage.getItem(STORAGE_KEYS.maskOriginal)).toBeNull();
  });
});

describe('renewClaims', () => {
  it('moves on from the terms page once the terms are accepted', async () => {
    const { store, server, storage } = setup(clientTokens());
    let accepted = false;
    server
      .on('GET', PATHS.me, () => profile())
      .on('GET', PATHS.clients, () => {
        if (!accepted) throw apiError(403, { detail: 'Accept', code: 'must_accept_terms' });
        return page([client()]);
      })
      .on('POST', PATHS.renewClaims, () => clientTokens({ renewed: true }));
    await store.start();
    expect(store.getSnapshot().selection).toBe('must_accept_terms');
    storage.setItem(STORAGE_KEYS.returnPath, '/bills/all-entities');
    accepted = true;
    await store.renewClaims();
    expect(server.callsTo('POST', PATHS.renewClaims)[0]?.options?.body).toEqual({
      refresh: 'refresh-client',
    });
    expect(store.getSnapshot()).toMatchObject({
      selection: 'selected',
      pendingNavigation: '/bills/all-entities',
    });
  });

  it('goes home once the expired password is replaced', async () => {
    const { store, server } = setup(orgTokens({ password_expired: true }));
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([organization()]))
      .on('POST', PATHS.renewClaims, () => orgTokens());
    await store.start();
    expect(store.getSnapshot().claims?.password_expired).toBe(true);
    // The API refuses the organisation list until the password is changed, so it is not asked for.
    expect(server.callsTo('GET', PATHS.organizations)).toHaveLength(0);
    await store.renewClaims();
    expect(store.getSnapshot()).toMatchObject({
      claims: { password_expired: false },
      pendingNavigation: '/manager-dashboard',
    });
  });
});

describe('endOtherSessions', () => {
  it('keeps this session going on the fresh tokens the API answers, without navigating', async () => {
    const { store, server, storage } = setup(orgTokens());
    const fresh = { access: orgTokens({ gen: 1 }).access, refresh: 'refresh-fresh' };
    server
      .on('GET', PATHS.me, () => profile({ type: 'bporg' }))
      .on('GET', PATHS.organizations, () => page([organization()]))
      .on('POST', PATHS.endOtherSessions, () => fresh);
    await store.start();
    store.navigationDone();
    await store.endOtherSessions();
    expect(server.callsTo('POST', PATHS.endOtherSessions)).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEYS.access)).toBe(fresh.access);
    expect(storage.getItem(STORAGE_KEYS.refresh)).toBe('refresh-fresh');
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', pendingNavigation: null });
  });
});
