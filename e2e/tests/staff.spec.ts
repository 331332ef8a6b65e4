import { type Browser, expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// Each test walks several screens, dialogs and browser contexts against the real server.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function bearer(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

async function signInAsManager(page: Page) {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
}

/** The invitation link of the newest message to `email`, read from the demo outbox as its admin. */
async function invitationLink(page: Page, email: string): Promise<string> {
  const headers = await bearer(page);
  let link: string | undefined;
  await expect(async () => {
    const outbox = await page.request.get(`/v1/outbox?recipient=${encodeURIComponent(email)}`, { headers });
    expect(outbox.ok()).toBe(true);
    const { results } = (await outbox.json()) as { results: { body_text: string }[] };
    link = results.map((m) => /\/create-account\?token=[\w-]+/.exec(m.body_text)?.[0]).find(Boolean);
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link as string;
}

/** A page in a browser context of its own: its own storage, so its own session. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a manager invites a staff member, who sets a password from the e-mailed link and signs in', async ({
  page,
  browser,
}) => {
  const id = unique();
  const email = `staff-${id}@example.test`;
  await signInAsManager(page);

  await page.goto('/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff' }).getByText('associate@demo.test')).toBeVisible();
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff member' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Nia');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Newman${id}`);
  await dialog.getByRole('combobox', { name: 'Team label' }).click();
  await page.getByRole('option', { name: 'Associate', exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The new member is listed, invited but not yet signed up, and their page says so.
  await page.getByRole('searchbox', { name: 'Search staff' }).fill(email);
  const row = page.getByRole('table', { name: 'Staff' }).getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('Pending Invite')).toBeVisible();
  await row.getByRole('link', { name: `Nia Newman${id}` }).click();
  await expect(page).toHaveURL(/\/user-management\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { level: 1, name: `Nia Newman${id}` })).toBeVisible();
  await expect(page.getByText('Associate', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend invitation' })).toBeVisible();

  const link = await invitationLink(page, email);
  const invited = await freshPage(browser);
  await invited.goto(link);
  await expect(invited.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await invited.getByRole('textbox', { name: 'First name' }).fill('Nia');
  await invited.getByRole('textbox', { name: 'Last name' }).fill(`Newman${id}`);
  await invited.getByLabel('Password', { exact: true }).fill('first-pass-2026');
  await invited.getByLabel('Confirm password', { exact: true }).fill('first-pass-2026');
  await invited.getByRole('button', { name: 'Create account' }).click();
  await expect(invited).toHaveURL(/\/login/);

  await signIn(invited, email, 'first-pass-2026');
  await expectLanding(invited, '/associate-dashboard', 'Associate Dashboard');
  await invited.context().close();

  // The manager now sees the invitation accepted.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Resend invitation' })).toHaveCount(0);
});

test('a group with the audit permission lets an associate read the audit history', async ({
  page,
  browser,
}) => {
  const groupName = `Audit readers ${unique()}`;
  await signInAsManager(page);

  // The demo's associates read the history through the seeded Auditors group: take that away first.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Org Settings' }).click();
  await expectLanding(page, '/settings', 'Org Settings');
  await page
    .getByRole('table', { name: 'Groups' })
    .getByRole('link', { name: 'Auditors', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditors' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  const associateRow = members.getByRole('row', { name: /associate@demo\.test/ });
  await associateRow.getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(members.getByText('associate@demo.test')).toHaveCount(0);

  const associate = await freshPage(browser);
  await signIn(associate, 'associate@demo.test');
  await expectLanding(associate, '/associate-dashboard', 'Associate Dashboard');
  await associate.goto('/audit-history');
  await expect(associate.getByText(/You do not have permission to read the audit history/)).toBeVisible();

  // A new group with the permission, and the associate in it.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Add group' }).click();
  await expectLanding(page, '/settings/org-add-group/[0-9a-f-]{36}', 'Add Group');
  await page.getByRole('textbox', { name: 'Group name' }).fill(groupName);
  await page.getByRole('textbox', { name: 'Description' }).fill('Associates who review changes');
  await page.getByRole('checkbox', { name: 'Read the audit history' }).check();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/org-edit-group\/[0-9a-f-]{36}\/group\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('checkbox', { name: 'Read the audit history' })).toBeChecked();

  await page.getByRole('combobox', { name: 'Staff member to add' }).fill('associate');
  await page.getByRole('option', { name: /associate@demo\.test/ }).click();
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('table', { name: 'Members' }).getByText('associate@demo.test')).toBeVisible();

  // Effective on the associate's next request.
  await associate.reload();
  await expectLanding(associate, '/audit-history', 'Audit History');
  const history = associate.getByRole('table', { name: 'Audit history' });
  await expect(history).toBeVisible();
  await expect(history.getByText('Group user added').first()).toBeVisible();
  await expect(history.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();

  // The group shows in Org Settings with its member and permission counts.
  await page.goto('/settings');
  const groupRow = page
    .getByRole('table', { name: 'Groups' })
    .getByRole('row', { name: new RegExp(groupName) });
  await expect(groupRow.getByRole('cell').nth(2)).toHaveText('1');
  await expect(groupRow.getByRole('cell').nth(3)).toHaveText('1');
  await associate.context().close();
});
