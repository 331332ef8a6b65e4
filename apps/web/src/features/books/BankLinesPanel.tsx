import type { BankLine, BankLineImportResult, BookAccount } from '@bp/contracts';
import { formatMoney, suggestedRuleFilters } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  errorMessageOf,
  QueryStates,
  useConfirmTarget,
  useToast,
  visuallyHidden,
} from '../../ui/index.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { ActionEditor, type ActionValues, actionOf, actionValuesOf } from './action-editor.tsx';
import { type EntityBooks, useBookAccounts } from './books-api.ts';
import { useBankLines, useFeederWrites } from './books-feeder-api.ts';
import { EMPTY_RULE, type RuleDraft, RuleEditorDialog } from './RuleEditorDialog.tsx';

const PAGE_SIZE = 20;
const STATUS_LABELS: Record<BankLine['status'], string> = {
  pending: 'Pending',
  uncategorized: 'Uncategorized',
  categorized: 'Categorized',
  cleared: 'Cleared',
};

/** What a categorised line was booked to, in words. */
function categorisedAs(line: BankLine, accounts: BookAccount[]): string {
  const name = (guid: string) => accounts.find((a) => a.guid === guid)?.name ?? 'an account';
  if (line.categorized_by === 'match') return 'Matched to a paid bill';
  if (!line.action) return '';
  const what =
    line.action.type === 'transfer'
      ? `Transfer ${line.amount < 0 ? 'to' : 'from'} ${name(line.action.account)}`
      : line.action.splits
          .map((s) =>
            line.action?.type === 'categorize' && line.action.splits.length > 1
              ? `${name(s.account)} ${s.percent}%`
              : name(s.account),
          )
          .join(', ');
  const by =
    line.categorized_by === 'rule' && line.rule
      ? ` (rule ${line.rule.name})`
      : line.categorized_by === 'manual'
        ? ' (by hand)'
        : '';
  return `${what}${by}${line.vendor ? `, ${line.vendor.name}` : ''}`;
}

/**
 * Bank and credit-card transactions of the entity's accounts: imported from the bank's CSV (or fed by
 * the bank), categorised by hand or by rules; a correction can become a rule in one click.
 */
export function BankLinesPanel({ books }: { books: EntityBooks }) {
  const accounts = useBookAccounts(books);
  const all = accounts.data?.results ?? [];
  const banks = all.filter((a) => a.subtype === 'bank' || a.subtype === 'credit_card');
  const [picked, setPicked] = useState('');
  const [status, setStatus] = useState<BankLine['status'] | ''>('');
  const [page, setPage] = useState(1);
  const account = picked || banks[0]?.guid || '';
  const lines = useBankLines(books, {
    page,
    ...(account ? { account } : {}),
    ...(status ? { status } : {}),
  });
  const writes = useFeederWrites(books);
  const toast = useToast();
  const [categorizing, setCategorizing] = useState<BankLine | null>(null);
  const [ruleDraft, setRuleDraft] = useState<RuleDraft | null>(null);
  const [imported, setImported] = useState<BankLineImportResult | null>(null);
  const confirm = useConfirmTarget<BankLine>();
  const fileInput = useRef<HTMLInputElement>(null);

  if (accounts.isSuccess && banks.length === 0)
    return (
      <EmptyState title="No bank accounts">
        Add a bank or credit-card account under Accounts to import its transactions.
      </EmptyState>
    );

  const importFile = async (file: File) => {
    setImported(null);
    const csv = await file.text();
    writes.importCsv.mutate(
      { accountGuid: account, csv },
      {
        onSuccess: (result) => {
          if (result.errors.length > 0) setImported(result);
          else
            toast.success(
              `Imported ${result.received} new transaction${result.received === 1 ? '' : 's'}` +
                (result.updated ? `, updated ${result.updated}` : '') +
                (result.unchanged ? `, ${result.unchanged} already imported` : '') +
                '.',
            );
        },
        onError: (error) => toast.error(errorMessageOf(error)),
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          id="bank-lines-account"
          label="Bank account"
          value={account}
          onChange={(e) => {
            setPicked(e.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 260 }}
        >
          {banks.map((a) => (
            <MenuItem key={a.guid} value={a.guid}>
              {a.number ? `${a.number} ${a.name}` : a.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="bank-lines-status"
          label="Show"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as BankLine['status'] | '');
            setPage(1);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All transactions</MenuItem>
          <MenuItem value="uncategorized">Uncategorized</MenuItem>
          <MenuItem value="categorized">Categorized</MenuItem>
          <MenuItem value="cleared">Cleared</MenuItem>
          <MenuItem value="pending">Pending</MenuItem>
        </TextField>
        <Box sx={{ flex: 1 }} />
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label="Bank CSV file"
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <Button
          variant="contained"
          onClick={() => fileInput.current?.click()}
          loading={writes.importCsv.isPending}
          disabled={!account}
        >
          Import CSV
        </Button>
      </Stack>
      {imported ? (
        <Alert severity="error" onClose={() => setImported(null)}>
          Nothing was imported: the file has problems.
          <ul>
            {imported.errors.slice(0, 20).map((e) => (
              <li key={e.line}>
                Line {e.line}: {Object.values(e.errors).flat().join(' ')}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <QueryStates
        query={lines}
        loadingLabel="Loading transactions…"
        errorMessage={errorMessageOf}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No transactions">
            Import the account's CSV export from the bank: columns date, description and amount.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <Table size="small" aria-label="Bank transactions">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Booked to</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((line) => (
                  <TableRow key={line.guid}>
                    <TableCell>{line.date}</TableCell>
                    <TableCell>
                      {line.description}
                      {line.counterparty ? ` · ${line.counterparty}` : ''}
                    </TableCell>
                    <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                    <TableCell>{STATUS_LABELS[line.status]}</TableCell>
                    <TableCell>{categorisedAs(line, all)}</TableCell>
                    <TableCell>
                      {line.status !== 'pending' && line.status !== 'cleared' ? (
                        <Stack direction="row" spacing={1}>
                          <Button size="small" onClick={() => setCategorizing(line)}>
                            {line.status === 'categorized' ? 'Correct' : 'Categorize'}
                          </Button>
                          {line.categorized_by === 'manual' && line.action ? (
                            <Button
                              size="small"
                              onClick={() => {
                                const filters = suggestedRuleFilters(line);
                                setRuleDraft({
                                  ...EMPTY_RULE,
                                  name: filters.description_contains ?? line.description,
                                  description_contains: filters.description_contains ?? '',
                                  direction: filters.direction,
                                  bank_account: filters.bank_account,
                                  action: actionValuesOf(line.action),
                                });
                              }}
                            >
                              Make a rule
                            </Button>
                          ) : null}
                          {line.status === 'categorized' ? (
                            <Button size="small" color="inherit" onClick={() => confirm.ask(line)}>
                              Uncategorize
                            </Button>
                          ) : null}
                        </Stack>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data.count > PAGE_SIZE ? (
              <Pagination
                count={Math.ceil(data.count / PAGE_SIZE)}
                page={page}
                onChange={(_e, next) => setPage(next)}
                aria-label="Transaction pages"
              />
            ) : null}
          </>
        )}
      </QueryStates>
      <CategorizeDialog
        books={books}
        accounts={all}
        line={categorizing}
        onClose={() => setCategorizing(null)}
      />
      <RuleEditorDialog
        open={ruleDraft !== null}
        onClose={() => setRuleDraft(null)}
        books={books}
        accounts={all}
        initial={ruleDraft ?? EMPTY_RULE}
        rule={null}
      />
      <ConfirmDialog
        open={confirm.open}
        title="Uncategorize this transaction?"
        confirmLabel="Uncategorize"
        pending={writes.uncategorize.isPending}
        onClose={confirm.close}
        onConfirm={() => {
          if (!confirm.target) return;
          writes.uncategorize.mutate(confirm.target.guid, {
            onSuccess: () => {
              toast.success('Transaction uncategorized.');
              confirm.close();
            },
            onError: (error) => {
              toast.error(errorMessageOf(error));
              confirm.close();
            },
          });
        }}
      >
        Its entry is reversed (posted entries never change) and it waits to be categorised again.
      </ConfirmDialog>
    </Stack>
  );
}

function CategorizeDialog({
  books,
  accounts,
  line,
  onClose,
}: {
  books: EntityBooks;
  accounts: BookAccount[];
  line: BankLine | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const toast = useToast();
  const { categorize } = useFeederWrites(books);
  const [values, setValues] = useState<ActionValues | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const current = values ?? actionValuesOf(line?.action ?? null);
  const close = () => {
    setValues(null);
    setProblem(null);
    onClose();
  };
  const correcting = line?.status === 'categorized';
  return (
    <FormDialog
      open={line !== null}
      pending={categorize.isPending}
      problem={problem}
      onClose={close}
      titleId={titleId}
      title={correcting ? 'Correct transaction' : 'Categorize transaction'}
      description={
        line
          ? `${line.date} · ${line.description} · ${formatMoney(line.amount)}${correcting ? '. Its entry is reversed and a new one posted.' : ''}`
          : ''
      }
      confirmLabel={correcting ? 'Save correction' : 'Categorize'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!line) return;
        const built = actionOf(current);
        if ('problem' in built) return setProblem(built.problem);
        setProblem(null);
        categorize.mutate(
          { bankLineGuid: line.guid, action: built.action },
          {
            onSuccess: () => {
              toast.success(correcting ? 'Transaction corrected.' : 'Transaction categorized.');
              close();
            },
            onError: (error) => setProblem(errorMessageOf(error)),
          },
        );
      }}
    >
      <Box sx={{ mt: 2 }}>
        {line ? (
          <ActionEditor
            value={current}
            onChange={setValues}
            accounts={accounts}
            bankAccount={line.bank_account.guid}
            clientGuid={books.clientGuid}
            entityGuid={books.entityGuid}
            idPrefix="categorize"
          />
        ) : null}
      </Box>
    </FormDialog>
  );
}
