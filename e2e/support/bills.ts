import { type Browser, expect as baseExpect, type Page } from '@playwright/test';
import { signIn } from './accounts.ts';

/**
 * The machine running these is slow and shared: a sign-in or a workflow call can take well over the
 * config's 10 s. The bill specs wait longer for what a user would see (never asserting how long).
 */
export const expect = baseExpect.configure({ timeout: 60_000 });

/** Where each demo account used by the bill specs lands after sign-in. */
const HOMES: Record<string, { path: string; heading: string }> = {
  'associate@demo.test': { path: '/associate-dashboard', heading: 'Associate Dashboard' },
  'manager@demo.test': { path: '/manager-dashboard', heading: 'Manager Dashboard' },
  'client@demo.test': { path: '/dashboard', heading: 'Dashboard' },
  'observer@demo.test': { path: '/dashboard', heading: 'Dashboard' },
};

/** A signed-in page with storage of its own, so several people can work side by side. */
export async function as(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, email);
  const home = HOMES[email];
  if (home) {
    await expect(page).toHaveURL(new RegExp(`${home.path.replaceAll('/', '\\/')}(\\?.*)?$`));
    await expect(page.getByRole('heading', { level: 1, name: home.heading, exact: true })).toBeVisible();
  }
  return page;
}

/** The signed-in page's access token as an Authorization header, for API set-up calls. */
export async function bearer(page: Page): Promise<{ Authorization: string }> {
  // Accounts without a home here (super@demo.test) are returned as soon as sign-in is sent: wait for
  // the tokens to be stored rather than read storage once.
  const readToken = () => page.evaluate(() => localStorage.getItem('access_token'));
  await expect.poll(readToken).toBeTruthy();
  const token = await readToken();
  return { Authorization: `Bearer ${token}` };
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: await bearer(page) });
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { headers: await bearer(page), data });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Named {
  guid: string;
  name: string;
}

/** A client's first (legal) entity with its vendors and bill accounts, read as a staff member. */
export interface Books {
  orgGuid: string;
  clientGuid: string;
  entityGuid: string;
  vendor: (name: string) => string;
  account: (name: string) => string;
}

/** The books of `clientName`'s "… Holdings LLC" entity (the demo gives only that one vendors and accounts). */
export async function booksOf(staff: Page, clientName: string): Promise<Books> {
  const orgs = await apiGet<{ results: { guid: string; name: string }[] }>(
    staff,
    '/v1/accounts/organizations?page=1&page_size=100',
  );
  const org = orgs.results.find((o) => o.name === 'Demo Family Office');
  expect(org, 'Demo Family Office').toBeTruthy();
  const orgGuid = org?.guid ?? '';
  const clients = await apiGet<{ results: Named[] }>(
    staff,
    `/v1/accounts/organizations/${orgGuid}/clients?page=1&page_size=100`,
  );
  const client = clients.results.find((c) => c.name === clientName);
  expect(client, clientName).toBeTruthy();
  const clientGuid = client?.guid ?? '';
  const entities = await apiGet<{ results: { guid: string; nickname: string }[] }>(
    staff,
    `/v1/accounts/clients/${clientGuid}/entities?page=1&page_size=100`,
  );
  const entity = entities.results.find((e) => e.nickname.endsWith('Holdings LLC'));
  expect(entity, `${clientName}'s Holdings LLC`).toBeTruthy();
  const entityGuid = entity?.guid ?? '';
  const books = `/v1/billing/clients/${clientGuid}/entities/${entityGuid}`;
  const vendors = await apiGet<{ results: Named[] }>(staff, `${books}/vendors?page=1&page_size=100`);
  const accounts = await apiGet<{ results: Named[] }>(staff, `${books}/accounts?page=1&page_size=100`);
  const pick = (rows: Named[], name: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`${clientName} has no ${name}`);
    return found.guid;
  };
  return {
    orgGuid,
    clientGuid,
    entityGuid,
    vendor: (name) => pick(vendors.results, name),
    account: (name) => pick(accounts.results, name),
  };
}

export interface NewBill {
  vendor: string;
  account: string;
  /** Cents. */
  amount: number;
  invoice: string;
  dueDate?: string;
  draft?: boolean;
}

/** Enters a bill through the API as the signed-in staff member; returns its guid. */
export async function createBill(staff: Page, books: Books, bill: NewBill): Promise<string> {
  const created = await apiPost<{ guid: string }>(staff, `/v1/billing/clients/${books.clientGuid}/bills`, {
    entity: books.entityGuid,
    vendor: books.vendor(bill.vendor),
    amount: bill.amount,
    due_date: bill.dueDate ?? '2031-03-31',
    invoice_number: bill.invoice,
    payment_method: 'ach',
    invoice_source: 'vendor',
    lines: [{ account: books.account(bill.account), amount: bill.amount, memo: `E2E ${bill.invoice}` }],
    ...(bill.draft ? { draft: true } : {}),
  });
  return created.guid;
}

/** A short id that differs between runs, for invoice numbers and messages. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
