import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  catalogueFor,
  group,
  guidOf,
  ORG_PATH,
  orgSession,
  page,
} from '../settings/org-fixtures.test-support.ts';
import { createFakeApi, renderPage } from '../test-utils.tsx';
import { GroupsPage } from './GroupsPage.tsx';

function setup(held?: readonly string[]) {
  const api = createFakeApi()
    .reply('GET', `${ORG_PATH}/permissions`, catalogueFor(held ? 'user' : 'admin', held))
    .reply(
      'GET',
      `${ORG_PATH}/groups`,
      page([group(), group({ guid: guidOf(901), name: 'Approvers', description: '', user_count: 4 })]),
    );
  renderPage(<GroupsPage />, { route: '/groups', api, session: orgSession });
  return api;
}

describe('GroupsPage', () => {
  it("lists the organisation's groups under the page title", async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Reviewers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Approvers' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add group' })).toBeInTheDocument();
  });

  it('offers no Add group to those who may not manage groups', async () => {
    setup(['audit.view']);
    expect(await screen.findByRole('link', { name: 'Reviewers' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add group' })).not.toBeInTheDocument();
  });
});
