import { pathOf } from '@bp/api-client';
import { booksReportsRoutes, type CustomReport as Report } from '@bp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, renderPage, setupUser } from '../test-utils.tsx';
import { CustomReport } from './CustomReport.tsx';

const books = {
  clientGuid: '0b7a9d8e-1c2f-4a3b-9d4e-5f6a7b8c9d0e',
  entityGuid: '1c8b0e9f-2d3a-4b4c-8e5f-6a7b8c9d0e1f',
};
const dictionaryPath = pathOf(booksReportsRoutes.getBooksReportDictionary, {});
const runPath = pathOf(booksReportsRoutes.postBooksCustomReport, books);

const dictionary = {
  fields: [
    { key: 'date', label: 'Date', type: 'date', operators: ['eq', 'gte', 'lte'], choices: null },
    { key: 'account_name', label: 'Account', type: 'text', operators: ['eq', 'contains'], choices: null },
    { key: 'entry_memo', label: 'Entry memo', type: 'text', operators: ['contains'], choices: null },
    { key: 'debit', label: 'Debit', type: 'money', operators: ['gte', 'lte'], choices: null },
    { key: 'credit', label: 'Credit', type: 'money', operators: ['gte', 'lte'], choices: null },
  ],
};
const answer: Report = {
  columns: [
    { key: 'date', label: 'Date', type: 'date' },
    { key: 'account_name', label: 'Account', type: 'text' },
    { key: 'debit', label: 'Debit', type: 'money' },
  ],
  rows: [['2026-04-20', 'Repairs', 45_000]],
  totals: [null, null, 45_000],
  count: 1,
  truncated: false,
};

describe('custom ledger report', () => {
  it('sends the chosen columns and filters (amounts in cents) and shows the lines with their totals', async () => {
    const user = setupUser();
    let sent: unknown = null;
    const api = createFakeApi()
      .reply('GET', dictionaryPath, dictionary)
      .reply('POST', runPath, (call: ApiCall) => {
        sent = call.body;
        return answer;
      });
    renderPage(<CustomReport books={books} />, { api });
    await user.click(await screen.findByRole('checkbox', { name: 'Entry memo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Credit' }));
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.click(screen.getByRole('combobox', { name: 'Filter 1 column' }));
    await user.click(await screen.findByRole('option', { name: 'Debit' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), '100.50');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    const table = await screen.findByRole('table', { name: 'Custom report' });
    expect(sent).toMatchObject({
      columns: ['date', 'account_name', 'debit'],
      filters: [{ field: 'debit', op: 'gte', value: 10_050 }],
    });
    expect(within(table).getByRole('row', { name: /Repairs/ })).toHaveTextContent('$450.00');
    expect(screen.getByRole('status')).toHaveTextContent('1 line.');
  });
});
