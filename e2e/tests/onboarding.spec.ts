import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// Each journey walks the whole checklist against the real server: give it room beyond the default 30 s.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** The step button of the checklist's step list (its name holds the label and the status chip). */
const step = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: 'Onboarding steps' })
    .getByRole('button', { name: new RegExp(`^${label}`) });

async function choose(page: Page, dialogName: string, label: string, option: string | RegExp) {
  await page
    .getByRole('dialog', { name: dialogName })
    .getByRole('combobox', { name: new RegExp(`^${label}`) })
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

test('newclient@demo.test completes its onboarding checklist step by step and lands on the dashboard', async ({
  page,
}) => {
  const id = unique();
  const invitee = `spouse-${id}@example.test`;
  await signIn(page, 'newclient@demo.test');
  await expectLanding(page, '/client-onboarding/client', 'Client Onboarding');
  // Statuses come from the saved records: the seed gave Okafor Family entities but no documents.
  await expect(step(page, 'Entities')).toContainText('Done');
  await expect(step(page, 'Docs')).toContainText('Not started');
  await expectNoSeriousViolations(page);

  // Initial: the questionnaire (the checklist opens on it, the first unfinished step).
  await expect(page.getByRole('heading', { level: 2, name: 'Initial' })).toBeVisible();
  await page.getByRole('button', { name: 'Answer' }).click();
  const answers = page.getByRole('dialog', { name: 'Your answers' });
  await answers.getByRole('textbox', { name: /^What should we take care of/ }).fill('Pay our bills on time');
  await answers.getByRole('textbox', { name: /^Bills in a typical month/ }).fill('20');
  await choose(page, 'Your answers', 'Preferred contact', 'E-mail');
  await answers.getByRole('button', { name: 'Save' }).click();
  await expect(step(page, 'Initial')).toContainText('Done');

  // Entities: one more, added by the client itself.
  await step(page, 'Entities').click();
  await page.getByRole('button', { name: 'Add entity' }).click();
  const entity = page.getByRole('dialog', { name: 'Add entity' });
  await entity.getByRole('textbox', { name: /^Name/ }).fill(`Okafor Rentals ${id}`);
  await entity.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Entities' }).getByText(`Okafor Rentals ${id}`)).toBeVisible();

  // Commitment.
  await step(page, 'Commitment').click();
  await expect(step(page, 'Commitment')).toContainText('Needs attention');
  await page.getByRole('button', { name: 'Add commitment' }).click();
  const commitment = page.getByRole('dialog', { name: 'Add commitment' });
  await choose(page, 'Add commitment', 'Paid to', /Okafor Holdings LLC/);
  await commitment.getByRole('textbox', { name: /^Expected amount/ }).fill('125.00');
  await commitment.getByRole('textbox', { name: /^Due day/ }).fill('15');
  await commitment.getByLabel(/^Starts on/).fill('2026-12-15');
  await commitment.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('list', { name: 'Commitments' }).getByText(/Monthly/)).toBeVisible();
  await expect(step(page, 'Commitment')).toContainText('Done');

  // Docs: a document uploaded.
  await step(page, 'Docs').click();
  await page.getByRole('button', { name: 'Upload document' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload document' });
  await upload.getByLabel('Document file').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('table', { name: 'Documents' }).getByText('statement.pdf')).toBeVisible();
  await expect(step(page, 'Docs')).toContainText('Done');

  // App users: the spouse invited as a designee.
  await step(page, 'App Users').click();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByRole('textbox', { name: /^E-mail/ }).fill(invitee);
  await invite.getByRole('textbox', { name: /^First name/ }).fill('Obi');
  await invite.getByRole('textbox', { name: /^Last name/ }).fill(`Okafor${id}`);
  await choose(page, 'Invite user', 'Role', 'Designee');
  await choose(page, 'Invite user', 'Relation to the client', 'Significant Other / Spouse');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByText(invitee)).toBeVisible();
  await expect(step(page, 'App Users')).toContainText('Done');

  // Leaving and coming back resumes on the last step opened while it is unfinished, else on the first
  // unfinished one (IT, optional and not answered yet).
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'IT' })).toBeVisible();
  await step(page, 'Summary').click();
  await expect(page.getByText('Every required step is done.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Submit onboarding' }).click();
  await expectLanding(page, '/dashboard', 'Dashboard');

  // The invitation went out through the outbox (read as the organisation's admin).
  const login = await page.request.post('/v1/auth/login', {
    data: { email: 'manager@demo.test', password: DEMO_PASSWORD },
  });
  const { access } = (await login.json()) as { access: string };
  const outbox = await page.request.get(`/v1/outbox?recipient=${encodeURIComponent(invitee)}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(outbox.ok()).toBe(true);
  const { results } = (await outbox.json()) as { results: { body_text: string }[] };
  expect(results.some((message) => /\/create-account\?token=[\w-]+/.test(message.body_text))).toBe(true);

  // Other specs on the same server sign newclient@demo.test in and expect the checklist: hand Okafor Family
  // back to them not onboarded (staff may reopen an onboarding; the records saved here stay).
  const headers = { Authorization: `Bearer ${access}` };
  const orgs = (await (await page.request.get('/v1/accounts/organizations', { headers })).json()) as {
    results: { guid: string; name: string }[];
  };
  const org = orgs.results.find((o) => o.name === 'Demo Family Office');
  const clients = (await (
    await page.request.get(`/v1/accounts/organizations/${org?.guid}/clients?search=Okafor`, { headers })
  ).json()) as { results: { guid: string }[] };
  const reopened = await page.request.patch(
    `/v1/accounts/organizations/${org?.guid}/clients/${clients.results[0]?.guid}`,
    {
      headers,
      data: { is_onboarding_completed: false },
    },
  );
  expect(reopened.ok()).toBe(true);
});

test('staff start onboarding for a new client from the clients list and see its progress', async ({
  page,
}) => {
  const name = `Vance Family ${unique()}`;
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  await page.goto('/clients');
  await page.getByRole('button', { name: 'New client' }).click();
  const create = page.getByRole('dialog', { name: 'New client' });
  await create.getByRole('textbox', { name: /^Name/ }).fill(name);
  await create.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goto('/clients');
  await page.getByRole('combobox', { name: 'Onboarding' }).click();
  await page.getByRole('option', { name: 'Not started' }).click();
  const row = page.getByRole('table', { name: 'Clients' }).getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Not started · 0/14 steps')).toBeVisible();
  await row.getByRole('link', { name: `Start onboarding of ${name}` }).click();

  await expectLanding(page, '/client-onboarding/client/[0-9a-f-]{36}', `Client Onboarding: ${name}`);
  await expect(page.getByText('0 of 14 steps done')).toBeVisible();
  await step(page, 'Client Details').click();
  await page.getByRole('button', { name: 'Edit details' }).click();
  const details = page.getByRole('dialog', { name: 'Client details' });
  await details.getByRole('textbox', { name: /^Primary contact/ }).fill('Val Vance');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(step(page, 'Client Details')).toContainText('Done');
  await expect(page.getByText('1 of 14 steps done')).toBeVisible();
  await expectNoSeriousViolations(page);

  // A client without its primary user yet cannot be invited: the API says so, and the dialog shows it.
  await page.getByRole('button', { name: 'Send onboarding invite' }).click();
  await page
    .getByRole('dialog', { name: 'Send the onboarding invitation?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page.getByText('This client has no primary user to invite.')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Send the onboarding invitation?' })
    .getByRole('button', { name: 'Cancel' })
    .click();

  await page.goto('/clients');
  await page.getByRole('combobox', { name: 'Onboarding' }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  const progressed = page
    .getByRole('table', { name: 'Clients' })
    .getByRole('row', { name: new RegExp(name) });
  await expect(progressed.getByText('In progress · 1/14 steps')).toBeVisible();
  await expect(progressed.getByRole('link', { name: `Continue onboarding of ${name}` })).toBeVisible();
});
