import { pathOf } from '@bp/api-client';
import { inboxRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { permissionsHeld, permissionsPath } from '../bills/form/new-bill.test-support.ts';
import { CLIENT_GUID, ORG_GUID, page } from '../bills/shared/fixtures.test-support.ts';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { InboxEmailList } from './InboxEmailList.tsx';
import { EMAIL_GUID, emailRow, PDF_GUID } from './inbox.test-support.ts';

// pdf.js draws on a real canvas, which jsdom lacks: the browser test sees the drawn page.
vi.mock('./pdf-first-page.ts', () => ({ renderFirstPage: vi.fn(async () => {}) }));

const session = { organization: { guid: ORG_GUID, name: 'Demo Family Office' } };
const listPath = pathOf(inboxRoutes.getInboxOrganizationEmails, { organizationGuid: ORG_GUID });
const filePath = (guid: string) =>
  pathOf(inboxRoutes.getInboxClientEmailAttachment, {
    clientGuid: CLIENT_GUID,
    emailGuid: EMAIL_GUID,
    inboxAttachmentGuid: guid,
  });

function render(archived = false, held: Parameters<typeof permissionsHeld>[0] = ['bills.create']) {
  const api = createFakeApi()
    .reply('GET', permissionsPath(ORG_GUID), permissionsHeld(held))
    .reply('GET', listPath, page([emailRow(archived ? { archived_at: '2026-11-21T10:00:00Z' } : {})], 11))
    .reply('GET', filePath(PDF_GUID), {
      blob: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
      disposition: 'attachment; filename="invoice.pdf"',
    });
  return renderPage(<InboxEmailList organizationGuid={ORG_GUID} archived={archived} />, {
    route: '/billing/pre-bill-inbox',
    api,
    session,
  });
}

describe('InboxEmailList', () => {
  it('lists the e-mails with paging, previews the first one and searches sender and subject', async () => {
    const { api } = render();
    const table = await screen.findByRole('table', { name: 'Pre-bill e-mails' });
    const row = within(table).getByRole('row', { name: /Your November bill/ });
    expect(row).toHaveTextContent('Harper Household');
    expect(row).toHaveTextContent('City Power');
    expect(row).toHaveTextContent('invoice.pdf, photo.png');
    expect(screen.getByText('1–10 of 11', { exact: false })).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'E-mail preview' });
    expect(
      await within(preview).findByRole('img', { name: 'First page of invoice.pdf' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Convert Your November bill to a bill' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_GUID}/convert-pre-bill/${EMAIL_GUID}`,
    );

    const user = setupUser();
    await user.type(screen.getByRole('searchbox', { name: 'Search sender or subject' }), 'power');
    await waitFor(() =>
      expect(api.callsTo('GET', listPath).some((c) => c.options?.query?.search === 'power')).toBe(true),
    );
    expect(api.callsTo('GET', listPath)[0]?.options?.query).toMatchObject({ archived: 'false', page: 1 });
  });

  it('archives an e-mail only after confirmation', async () => {
    const { api } = render();
    const deletePath = pathOf(inboxRoutes.deleteInboxClientEmail, {
      clientGuid: CLIENT_GUID,
      emailGuid: EMAIL_GUID,
    });
    api.reply('DELETE', deletePath, undefined);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Archive Your November bill' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive this e-mail?' });
    expect(api.callsTo('DELETE', deletePath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.callsTo('DELETE', deletePath)).toHaveLength(1));
    expect(await screen.findByText('E-mail archived.')).toBeInTheDocument();
  });

  it('offers Unarchive on the archived pre-bills, and no actions to staff who do not enter bills', async () => {
    const archived = render(true);
    const unarchivePath = pathOf(inboxRoutes.postInboxClientEmailUnarchive, {
      clientGuid: CLIENT_GUID,
      emailGuid: EMAIL_GUID,
    });
    archived.api.reply('POST', unarchivePath, emailRow());
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Unarchive Your November bill' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(archived.api.callsTo('POST', unarchivePath)).toHaveLength(1));
    archived.unmount();

    render(false, []);
    await screen.findByRole('table', { name: 'Pre-bill e-mails' });
    expect(screen.queryByRole('button', { name: /^Archive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Convert/ })).not.toBeInTheDocument();
  });
});
