import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function signInAsManager(page: Page) {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
}

// Each test walks several screens and dialogs against the real server: give it room beyond the default 30 s.
test.describe.configure({ timeout: 60_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('a manager creates a client with an entity and invites a designee, who is e-mailed a link', async ({
  page,
}) => {
  const id = unique();
  const clientName = `Quinn Family ${id}`;
  const designeeEmail = `designee-${id}@example.test`;
  await signInAsManager(page);

  await page.goto('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harper Household' })).toBeVisible();
  await page.getByRole('button', { name: 'New client' }).click();
  const newClient = page.getByRole('dialog', { name: 'New client' });
  await newClient.getByRole('textbox', { name: /^Name/ }).fill(clientName);
  await newClient.getByRole('textbox', { name: 'Primary contact' }).fill('Ann Quinn');
  await newClient.getByRole('textbox', { name: 'Bill Pay fee ($)' }).fill('1,250.00');
  await newClient.getByRole('button', { name: 'Create client' }).click();

  await expect(page.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}/);
  await expect(page.getByText('$1,250.00').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add entity' }).click();
  const addEntity = page.getByRole('dialog', { name: 'Add entity' });
  await addEntity.getByRole('textbox', { name: /^Nickname/ }).fill(`Quinn Holdings ${id}`);
  await addEntity.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('table', { name: 'Entities' }).getByText(`Quinn Holdings ${id}`)).toBeVisible();
  await expect(page.getByRole('region', { name: `Entity Quinn Holdings ${id}` })).toBeVisible();

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByRole('textbox', { name: /^E-mail/ }).fill(designeeEmail);
  await invite.getByRole('textbox', { name: /^First name/ }).fill('Dee');
  await invite.getByRole('textbox', { name: /^Last name/ }).fill(`Quinn${id}`);
  await invite.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Designee' }).click();
  await invite.getByRole('combobox', { name: /^Relation to the client/ }).click();
  await page.getByRole('option', { name: 'Designee' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();

  const row = page
    .getByRole('table', { name: 'Users' })
    .getByRole('row', { name: new RegExp(designeeEmail) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending Invite')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Designee' }).first()).toBeVisible();
  await expect(row.getByRole('button', { name: `Limits of Dee Quinn${id}` })).toBeVisible();

  const outbox = await page.request.get(`/v1/outbox?recipient=${encodeURIComponent(designeeEmail)}`, {
    headers: await bearer(page),
  });
  expect(outbox.ok()).toBe(true);
  const { results } = (await outbox.json()) as { results: { subject: string; body_text: string }[] };
  expect(results.length).toBeGreaterThan(0);
  expect(results.some((message) => /\/create-account\?token=[\w-]+/.test(message.body_text))).toBe(true);
});

test("a manager edits an entity's thresholds and the API stores cents and a 5-decimal fraction", async ({
  page,
}) => {
  const id = unique();
  await signInAsManager(page);
  const headers = await bearer(page);
  const orgGuid = await page.evaluate(() => localStorage.getItem('organization_guid'));
  expect(orgGuid).toBeTruthy();

  // A client of its own, with an entity whose multiple approvers are on (to be turned off in the browser).
  const created = await page.request.post(`/v1/accounts/organizations/${orgGuid}/clients`, {
    headers,
    data: { name: `Thresholds ${id}`, service: 'bill_pay' },
  });
  expect(created.status()).toBe(201);
  const client = (await created.json()) as { guid: string };
  const entityResponse = await page.request.post(`/v1/accounts/clients/${client.guid}/entities`, {
    headers,
    data: {
      kind: 'legal_entity',
      nickname: `Thresholds LLC ${id}`,
      enable_multiple_approvers: true,
      multiple_approver_threshold: 100000,
    },
  });
  expect(entityResponse.status()).toBe(201);
  const entity = (await entityResponse.json()) as { guid: string };

  await page.goto(`/clients/${client.guid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Thresholds ${id}` })).toBeVisible();
  await page.getByRole('button', { name: `Open Thresholds LLC ${id}` }).click();
  const panel = page.getByRole('region', { name: `Entity Thresholds LLC ${id}` });
  await expect(panel.getByLabel('Multiple approver threshold ($)')).toHaveValue('1000.00');

  await panel.getByLabel('Auto-approve').check();
  await panel.getByLabel('Allowable payment threshold (%)').fill('5.5');
  await panel.getByLabel('Client pre-approval required').check();
  await panel.getByLabel('Pre-approval threshold ($)').fill('2,500.00');
  await panel.getByLabel('Multiple approvers').uncheck();
  await panel.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Entity settings saved.')).toBeVisible();

  const stored = await page.request.get(`/v1/accounts/clients/${client.guid}/entities/${entity.guid}`, {
    headers,
  });
  expect(stored.ok()).toBe(true);
  expect(await stored.json()).toMatchObject({
    allowable_payment_threshold: 0.055,
    client_pre_approval_required: true,
    client_pre_approval_threshold: 250000,
    enable_multiple_approvers: false,
    multiple_approver_threshold: 0,
  });

  // Reopened from scratch, the form shows what is stored.
  await page.goto(`/clients/${client.guid}`);
  await page.getByRole('button', { name: `Open Thresholds LLC ${id}` }).click();
  const reopened = page.getByRole('region', { name: `Entity Thresholds LLC ${id}` });
  await expect(reopened.getByLabel('Auto-approve')).toBeChecked();
  await expect(reopened.getByLabel('Allowable payment threshold (%)')).toHaveValue('5.500');
  await expect(reopened.getByLabel('Client pre-approval required')).toBeChecked();
  await expect(reopened.getByLabel('Pre-approval threshold ($)')).toHaveValue('2500.00');
  await expect(reopened.getByLabel('Multiple approvers', { exact: true })).not.toBeChecked();
  await expect(reopened.getByRole('button', { name: 'Save settings' })).toBeDisabled();
});
