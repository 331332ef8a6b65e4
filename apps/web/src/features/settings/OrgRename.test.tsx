import { STORAGE_KEYS } from '@bp/api-client';
import type { OrganizationDetail } from '@bp/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, storageWithTokens, tokensFor } from '../../app/render-app.test-support.tsx';
import { page, scriptedApi } from '../../session/fake-api.test-support.ts';
import { PATHS } from '../../session/session-store.ts';
import { organization, profile } from '../../session/test-fixtures.ts';
import { catalogueFor, ORG_GUID, ORG_PATH } from './org-fixtures.test-support.ts';

const detail: OrganizationDetail = {
  ...organization({ guid: ORG_GUID, name: 'Demo Family Office', role: 'admin' }),
  password_expiry_days: 90,
  mfa_required: false,
  support_email: null,
  support_phone: null,
  updated_on: '2026-01-01T00:00:00.000Z',
};

describe('renaming the organisation in Org Settings', () => {
  // The whole app (session, guard, layout) renders here: slower than a page test on a busy machine.
  it('shows the new name in the header at once, without a reload, and remembers it', {
    timeout: 30_000,
  }, async () => {
    const server = scriptedApi()
      .on('GET', PATHS.me, () => profile({ type: 'bporg', staff: 'member' }))
      .on('GET', PATHS.organizations, () =>
        page([organization({ guid: ORG_GUID, name: detail.name, role: 'admin' })]),
      )
      .on('GET', ORG_PATH, () => detail)
      .on('GET', `${ORG_PATH}/permissions`, () => catalogueFor('admin'))
      .on('GET', `${ORG_PATH}/groups`, () => page([]))
      .on('PATCH', ORG_PATH, (options) => ({
        ...detail,
        ...(options?.body as object),
        updated_on: '2026-02-01T00:00:00.000Z',
      }));
    const storage = storageWithTokens(tokensFor({ type: 'bporg', staff: 'member' }));
    renderApp('/settings', { server, storage });

    const name = await screen.findByLabelText('Organization name', {}, { timeout: 3000 });
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Harbor Family Office');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Organization settings saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /open user menu/i }));
    expect(await screen.findByRole('menuitem', { name: /Harbor Family Office/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Demo Family Office/ })).not.toBeInTheDocument();
    expect(storage.getItem(STORAGE_KEYS.organizationName)).toBe('Harbor Family Office');
  });
});
