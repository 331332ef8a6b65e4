import { pathOf } from '@bp/api-client';
import { clientRecordsRoutes, entitiesRoutes } from '@bp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { CLIENT_GUID, document, entity, page } from './fixtures.test-support.ts';

const DOCUMENTS = pathOf(clientRecordsRoutes.getAccountsClientDocuments, { clientGuid: CLIENT_GUID });
const ENTITIES = pathOf(entitiesRoutes.getAccountsClientEntities, { clientGuid: CLIENT_GUID });

function file(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}
// userEvent would otherwise drop files that do not match `accept`; the tab must catch them itself.
const setupFileUser = () => setupUser({ applyAccept: false });

function render(readOnly = false) {
  const api = createFakeApi()
    .reply('GET', DOCUMENTS, page([document()]))
    .reply('GET', ENTITIES, page([entity()]));
  renderPage(<DocumentsTab clientGuid={CLIENT_GUID} readOnly={readOnly} />, { route: '/clients/c', api });
  return api;
}

async function openUpload() {
  await setupUser().click(await screen.findByRole('button', { name: 'Upload document' }));
  return screen.findByRole('dialog', { name: 'Upload document' });
}

describe('DocumentsTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists name, size, upload date MM/dd/yyyy and entity', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByText('statement.pdf')).toBeInTheDocument();
    expect(within(table).getByText('2 KB')).toBeInTheDocument();
    expect(within(table).getByText('03/05/2026')).toBeInTheDocument();
    expect(await within(table).findByText('Harper Holdings LLC')).toBeInTheDocument();
  });

  it('refuses a file over 25 MB before sending it', async () => {
    const api = render();
    const dialog = await openUpload();
    await setupFileUser().upload(
      within(dialog).getByLabelText('Document file'),
      file('scan.pdf', 'application/pdf', 25 * 1024 * 1024 + 1),
    );
    expect(
      await within(dialog).findByText('The file is too large. Choose one of 25 MB or less.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(api.callsTo('POST', DOCUMENTS)).toHaveLength(0);
  });

  it('refuses a type that is not accepted', async () => {
    render();
    const dialog = await openUpload();
    await setupFileUser().upload(
      within(dialog).getByLabelText('Document file'),
      file('run.exe', 'application/x-msdownload', 10),
    );
    expect(await within(dialog).findByText(/Choose a PDF, Excel/)).toBeInTheDocument();
  });

  it('uploads as multipart with the entity, shows progress, then the new list', async () => {
    let finish: (value: unknown) => void = () => {};
    const api = render().reply('POST', DOCUMENTS, () => new Promise((resolve) => (finish = resolve)));
    const dialog = await openUpload();
    const user = setupFileUser();
    const pdf = file('tax.pdf', 'application/pdf', 1000);
    await user.upload(within(dialog).getByLabelText('Document file'), pdf);
    await user.click(within(dialog).getByLabelText('Entity'));
    await user.click(await screen.findByRole('option', { name: 'Harper Holdings LLC' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await within(dialog).findByRole('progressbar', { name: 'Uploading' })).toBeInTheDocument();
    finish(document());
    expect(await screen.findByText('Document uploaded.')).toBeInTheDocument();
    const formData = api.callsTo('POST', DOCUMENTS)[0]?.options?.formData;
    expect(formData?.get('file')).toBe(pdf);
    expect(formData?.get('entity')).toBe(entity().guid);
  });

  it("shows the API's 400 message", async () => {
    const api = render().fail('POST', DOCUMENTS, 400, { file: ['The content is not a PDF.'] });
    const dialog = await openUpload();
    const user = setupFileUser();
    await user.upload(
      within(dialog).getByLabelText('Document file'),
      file('fake.pdf', 'application/pdf', 10),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The content is not a PDF.')).toBeInTheDocument();
    expect(api.callsTo('POST', DOCUMENTS)).toHaveLength(1);
  });

  it('downloads through the API client under the original name', async () => {
    const download = pathOf(clientRecordsRoutes.getAccountsClientDocumentDownload, {
      clientGuid: CLIENT_GUID,
      documentGuid: document().guid,
    });
    URL.createObjectURL = vi.fn(() => 'blob:doc');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    // The API client sends the bearer (and renews it) on every call; the server gave no file name here.
    const api = render().reply('GET', download, { blob: new Blob(['%PDF']), disposition: null });
    await setupUser().click(await screen.findByRole('button', { name: 'Download statement.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['statement.pdf']));
    expect(api.callsTo('GET', download)).toHaveLength(1);
    expect(api.callsTo('GET', download)[0]?.options?.responseType).toBe('file');
    click.mockRestore();
  });

  it('keeps download but has no upload or delete when read-only', async () => {
    render(true);
    await screen.findByRole('table', { name: 'Documents' });
    expect(screen.getByRole('button', { name: 'Download statement.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Upload|Delete)/ })).not.toBeInTheDocument();
  });
});
