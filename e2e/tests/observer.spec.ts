import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

const WRITE_BUTTON = /^(Add|Edit|Delete|Upload)\b/;

async function seesHarperHousehold(page: Page) {
  await expectLanding(page, '/dashboard', 'Dashboard');
  await expect(page.getByRole('table', { name: 'Entities' }).getByText('Harper Holdings LLC')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Entities' }).getByText('Harper Personal')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contacts' }).getByText('Harper Family CPA')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Properties' }).getByText('Harper Residence')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByText('observer@demo.test')).toBeVisible();
}

test("an observer sees Harper Household's entities and contacts but no write control", async ({ page }) => {
  await signIn(page, 'observer@demo.test');
  await seesHarperHousehold(page);
  await expect(page.getByRole('button', { name: WRITE_BUTTON })).toHaveCount(0);
});

test('a designee reads the household too, without write controls for now', async ({ page }) => {
  await signIn(page, 'designee@demo.test');
  await seesHarperHousehold(page);
  await expect(page.getByRole('button', { name: WRITE_BUTTON })).toHaveCount(0);
});

test('the client role sees add, edit and delete on contacts and properties', async ({ page }) => {
  await signIn(page, 'client@demo.test');
  await seesHarperHousehold(page);
  await expect(page.getByRole('button', { name: 'Add contact' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Harper Family CPA' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Harper Family CPA' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add property' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Harper Residence' })).toBeVisible();
  // Entities and app users stay with the provider team.
  await expect(page.getByRole('button', { name: 'Add entity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
});
