import type { JournalEntry } from '@bp/contracts';
import { formatMoney } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
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
import { type EntityBooks, useBookAccounts, useBooksWrites, useJournals } from './books-api.ts';
import { checkLines, type LineValues } from './journal-form.ts';

const PAGE_SIZE = 20;

/** The entity's journal, newest first; a new entry; reversing a posted one (it never changes). */
export function JournalPanel({ books }: { books: EntityBooks }) {
  const [page, setPage] = useState(1);
  const journals = useJournals(books, page);
  const [adding, setAdding] = useState(false);
  const confirm = useConfirmTarget<JournalEntry>();
  const { reverse } = useBooksWrites(books);
  const toast = useToast();
  return (
    <Stack spacing={2}>
      <Stack sx={{ justifyContent: 'flex-end' }} direction="row">
        <Button variant="contained" onClick={() => setAdding(true)}>
          New entry
        </Button>
      </Stack>
      <QueryStates
        query={journals}
        loadingLabel="Loading the journal…"
        errorMessage={errorMessageOf}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="No entries yet">Post the entity's first journal entry.</EmptyState>}
      >
        {(data) => (
          <>
            <Table size="small" aria-label="Journal entries">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Memo</TableCell>
                  <TableCell>Source</TableCell>
                  <TableCell>Lines</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.results.map((entry) => (
                  <TableRow key={entry.guid}>
                    <TableCell>{entry.date}</TableCell>
                    <TableCell>{entry.memo ?? ''}</TableCell>
                    <TableCell>{entry.source}</TableCell>
                    <TableCell>
                      {entry.lines
                        .map(
                          (l) =>
                            `${l.account.name} ${l.debit ? `Dr ${formatMoney(l.debit)}` : `Cr ${formatMoney(l.credit)}`}`,
                        )
                        .join('; ')}
                    </TableCell>
                    <TableCell align="right">{formatMoney(entry.total)}</TableCell>
                    <TableCell>
                      {entry.status === 'draft'
                        ? 'Draft'
                        : entry.reversed_by
                          ? 'Reversed'
                          : entry.reversal_of
                            ? 'Reversal'
                            : 'Posted'}
                    </TableCell>
                    <TableCell>
                      {entry.status === 'posted' && !entry.reversed_by && !entry.reversal_of ? (
                        <Button size="small" onClick={() => confirm.ask(entry)}>
                          Reverse
                        </Button>
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
                onChange={(_event, next) => setPage(next)}
                aria-label="Journal pages"
              />
            ) : null}
          </>
        )}
      </QueryStates>
      <NewEntryDialog open={adding} books={books} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={confirm.open}
        title="Reverse this entry?"
        confirmLabel="Reverse"
        pending={reverse.isPending}
        onClose={confirm.close}
        onConfirm={() => {
          if (!confirm.target) return;
          reverse.mutate(confirm.target.guid, {
            onSuccess: () => {
              toast.success('Entry reversed.');
              confirm.close();
            },
            onError: (error) => {
              toast.error(errorMessageOf(error));
              confirm.close();
            },
          });
        }}
      >
        A reversal entry with the opposite lines is posted on the same date; the entry itself stays as it is.
      </ConfirmDialog>
    </Stack>
  );
}

interface Values {
  date: string;
  memo: string;
  lines: LineValues[];
}
const emptyLine = (): LineValues => ({ account: '', debit: '', credit: '' });

function NewEntryDialog({
  open,
  books,
  onClose,
}: {
  open: boolean;
  books: EntityBooks;
  onClose: () => void;
}) {
  const titleId = useId();
  const toast = useToast();
  const accounts = useBookAccounts(books);
  const { postJournal } = useBooksWrites(books);
  const [problem, setProblem] = useState<string | null>(null);
  const defaults: Values = {
    date: new Date().toISOString().slice(0, 10),
    memo: '',
    lines: [emptyLine(), emptyLine()],
  };
  const { register, control, handleSubmit, reset, setError, watch, formState } = useForm<Values>({
    defaultValues: defaults,
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const checked = checkLines(watch('lines'));
  const debits = checked.lines.reduce((s, l) => s + l.debit, 0);
  const credits = checked.lines.reduce((s, l) => s + l.credit, 0);
  const active = (accounts.data?.results ?? []).filter((a) => a.is_active);
  function close() {
    reset(defaults);
    setProblem(null);
    onClose();
  }
  return (
    <FormDialog
      open={open}
      pending={postJournal.isPending}
      problem={problem}
      onClose={close}
      titleId={titleId}
      title="New journal entry"
      description="Debits must equal credits. A posted entry never changes: correct it with a reversal."
      confirmLabel="Post entry"
      onSubmit={handleSubmit((values) => {
        const result = checkLines(values.lines);
        for (const e of result.fieldErrors) setError(`lines.${e.index}.${e.field}`, { message: e.message });
        if (result.fieldErrors.length > 0) return;
        if (result.problem) {
          setProblem(result.problem);
          return;
        }
        setProblem(null);
        postJournal.mutate(
          { date: values.date, memo: values.memo, status: 'posted', lines: result.lines },
          {
            onSuccess: () => {
              toast.success('Entry posted.');
              close();
            },
            onError: (error) => setProblem(errorMessageOf(error)),
          },
        );
      })}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Stack direction="row" spacing={2}>
          <TextField
            id="journal-date"
            label="Date"
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
            {...register('date', { required: 'Enter a date.' })}
            error={Boolean(formState.errors.date)}
            helperText={formState.errors.date?.message}
          />
          <TextField id="journal-memo" label="Memo" fullWidth {...register('memo')} />
        </Stack>
        {lines.fields.map((field, index) => {
          const errors = formState.errors.lines?.[index];
          return (
            <Stack sx={{ alignItems: 'flex-start' }} key={field.id} direction="row" spacing={1}>
              <TextField
                select
                id={`journal-line-${index}-account`}
                label={`Line ${index + 1} account`}
                sx={{ minWidth: 220 }}
                value={watch(`lines.${index}.account`)}
                {...register(`lines.${index}.account`)}
                error={Boolean(errors?.account)}
                helperText={errors?.account?.message}
              >
                {active.map((a) => (
                  <MenuItem key={a.guid} value={a.guid}>
                    {a.number ? `${a.number} ${a.name}` : a.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id={`journal-line-${index}-debit`}
                label={`Line ${index + 1} debit`}
                inputMode="decimal"
                {...register(`lines.${index}.debit`)}
                error={Boolean(errors?.debit)}
                helperText={errors?.debit?.message}
              />
              <TextField
                id={`journal-line-${index}-credit`}
                label={`Line ${index + 1} credit`}
                inputMode="decimal"
                {...register(`lines.${index}.credit`)}
                error={Boolean(errors?.credit)}
                helperText={errors?.credit?.message}
              />
              <IconButton
                aria-label={`Remove line ${index + 1}`}
                disabled={lines.fields.length <= 2}
                onClick={() => lines.remove(index)}
              >
                ×
              </IconButton>
            </Stack>
          );
        })}
        <Stack sx={{ alignItems: 'center' }} direction="row" spacing={2}>
          <Button onClick={() => lines.append(emptyLine())}>Add line</Button>
          <Typography variant="body2" aria-live="polite">
            Debits {formatMoney(debits)} · Credits {formatMoney(credits)}
          </Typography>
        </Stack>
        {checked.fieldErrors.length === 0 && checked.problem && formState.isSubmitted ? (
          <Alert severity="warning">{checked.problem}</Alert>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
