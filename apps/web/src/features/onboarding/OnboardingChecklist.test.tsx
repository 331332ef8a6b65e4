import { pathOf } from '@bp/api-client';
import { type OnboardingChecklist as Checklist, onboardingRoutes } from '@bp/contracts';
import {
  ONBOARDING_ANCHOR_LABELS,
  ONBOARDING_ANCHOR_VALUES,
  type OnboardingAnchor,
  onboardingStepId,
} from '@bp/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { OnboardingChecklist } from './OnboardingChecklist.tsx';

const CLIENT_GUID = '00000000-0000-4000-8000-0000000000c1';
const CHECKLIST = pathOf(onboardingRoutes.getAccountsClientOnboarding, { clientGuid: CLIENT_GUID });
const SUBMIT = pathOf(onboardingRoutes.postAccountsClientOnboardingSubmit, { clientGuid: CLIENT_GUID });

function checklist(done: OnboardingAnchor[], overrides: Partial<Checklist> = {}): Checklist {
  return {
    client: {
      guid: CLIENT_GUID,
      name: 'Okafor Family',
      primary_contact: 'Nia',
      has_properties: false,
      is_onboarding_completed: false,
    },
    steps: ONBOARDING_ANCHOR_VALUES.map((anchor) => ({
      anchor,
      step_id: onboardingStepId(anchor),
      label: ONBOARDING_ANCHOR_LABELS[anchor],
      status: done.includes(anchor) ? 'done' : anchor === 'docs' ? 'needs_attention' : 'not_started',
      required: ['initial', 'client_details', 'entities', 'commitment', 'docs', 'team', 'app_users'].includes(
        anchor,
      ),
      records: done.includes(anchor) ? 1 : 0,
    })),
    current_anchor: 'summary',
    last_anchor: 'summary',
    progress: { completed_steps: done.length, total_steps: 14, status: 'in_progress' },
    answers: { initial: null, it: null, prelim: null },
    can_edit: true,
    unfinished_required: [],
    ...overrides,
  };
}

describe('OnboardingChecklist', () => {
  it('shows each step with its status, opens where the API resumes, and names the steps a refused submit lacks', async () => {
    const all = [
      'initial',
      'client_details',
      'entities',
      'commitment',
      'team',
      'app_users',
    ] as OnboardingAnchor[];
    const api = createFakeApi()
      .reply('GET', CHECKLIST, checklist(all))
      .reply('PATCH', CHECKLIST, checklist(all))
      .fail('POST', SUBMIT, 400, { unfinished_steps: ['docs'] });
    renderPage(<OnboardingChecklist clientGuid={CLIENT_GUID} audience="client" />, {
      route: '/client-onboarding/client',
      api,
    });
    const steps = await screen.findByRole('navigation', { name: 'Onboarding steps' });
    expect(within(steps).getByRole('button', { name: /^Docs/ })).toHaveTextContent('Needs attention');
    expect(within(steps).getByRole('button', { name: /^Entities/ })).toHaveTextContent('Done');
    expect(within(steps).getByRole('button', { name: /^IT \(optional\)/ })).toHaveTextContent('Not started');
    expect(screen.getByText('6 of 14 steps done')).toBeInTheDocument();
    // Resumed on the summary (current_anchor).
    expect(screen.getByRole('heading', { level: 2, name: /Summary/ })).toBeInTheDocument();

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Submit onboarding' }));
    expect(await screen.findByText('Still to do before you can submit: Docs.')).toBeInTheDocument();

    // Opening a step autosaves the position.
    await user.click(within(steps).getByRole('button', { name: /^Team/ }));
    expect(api.callsTo('PATCH', CHECKLIST)[0]?.body).toEqual({ last_anchor: 'team' });
  });

  it('shows a read-only audience the steps without their forms', async () => {
    const api = createFakeApi().reply(
      'GET',
      CHECKLIST,
      checklist([], { can_edit: false, current_anchor: 'initial', last_anchor: null }),
    );
    renderPage(<OnboardingChecklist clientGuid={CLIENT_GUID} audience="advisor" />, {
      route: '/advisor/client-onboarding/client/c',
      api,
    });
    expect(await screen.findByText(/You can see this step but not change it\./)).toBeInTheDocument();
    expect(screen.getByText('Not answered yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: /^Summary/ }));
    expect(screen.queryByRole('button', { name: 'Submit onboarding' })).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', CHECKLIST)).toHaveLength(0);
  });
});
