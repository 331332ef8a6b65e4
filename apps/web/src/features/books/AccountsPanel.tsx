import type { BookAccount } from '@bp/contracts';
import { ACCOUNT_FAMILY_LABELS } from '@bp/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmptyState, errorMessageOf, QueryStates, useToast } from '../../ui/index.ts';
import { applyApiErrors } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { FormInput } from '../shared/form/FormInput.tsx';
import { FormSelect } from '../shared/form/FormSelect.tsx';
import { type EntityBooks, useAccountTypes, useBookAccounts, useBooksWrites } from './books-api.ts';

/** The entity's chart of accounts, and a dialog adding one from the type catalogue. */
export function AccountsPanel({ books }: { books: EntityBooks }) {
  const accounts = useBookAccounts(books);
  const [adding, setAdding] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack sx={{ justifyContent: 'flex-end' }} direction="row">
        <Button variant="contained" onClick={() => setAdding(true)}>
          New account
        </Button>
      </Stack>
      <QueryStates
        query={accounts}
        loadingLabel="Loading accounts…"
        errorMessage={errorMessageOf}
        isEmpty={(page) => page.results.length === 0}
        empty={<EmptyState title="No accounts yet">Add the entity's first account.</EmptyState>}
      >
        {(page) => <AccountTable rows={page.results} />}
      </QueryStates>
      <NewAccountDialog open={adding} books={books} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function AccountTable({ rows }: { rows: BookAccount[] }) {
  return (
    <Table size="small" aria-label="Accounts">
      <TableHead>
        <TableRow>
          <TableCell>Number</TableCell>
          <TableCell>Name</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Subtype</TableCell>
          <TableCell>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((a) => (
          <TableRow key={a.guid}>
            <TableCell>{a.number ?? ''}</TableCell>
            <TableCell>{a.name}</TableCell>
            <TableCell>{ACCOUNT_FAMILY_LABELS[a.family]}</TableCell>
            <TableCell>{a.subtype.replaceAll('_', ' ')}</TableCell>
            <TableCell>{a.is_active ? 'Active' : 'Inactive'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface Values {
  number: string;
  name: string;
  subtype: string;
  detail_type: string;
}
const DEFAULTS: Values = { number: '', name: '', subtype: '', detail_type: '' };
const FIELDS = ['number', 'name', 'subtype', 'detail_type'] as const;

function NewAccountDialog({
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
  const catalogue = useAccountTypes();
  const { createAccount } = useBooksWrites(books);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, watch } = useForm<Values>({ defaultValues: DEFAULTS });
  const subtype = watch('subtype');
  const subtypes = (catalogue.data?.subtypes ?? []).map((s) => ({
    value: s.code,
    label: `${s.name} (${ACCOUNT_FAMILY_LABELS[s.type]})`,
  }));
  const details = (catalogue.data?.detail_types ?? [])
    .filter((d) => d.subtype === subtype)
    .map((d) => ({ value: d.code, label: d.name }));
  function close() {
    reset(DEFAULTS);
    setProblem(null);
    onClose();
  }
  return (
    <FormDialog
      open={open}
      pending={createAccount.isPending}
      problem={problem}
      onClose={close}
      titleId={titleId}
      title="New account"
      description="The subtype decides where the account shows in the reports."
      confirmLabel="Create account"
      onSubmit={handleSubmit((values) => {
        if (!values.subtype) {
          setError('subtype', { message: 'Choose a subtype.' });
          return;
        }
        setProblem(null);
        createAccount.mutate(
          {
            number: values.number,
            name: values.name,
            subtype: values.subtype,
            detail_type: values.detail_type || null,
          },
          {
            onSuccess: () => {
              toast.success('Account created.');
              close();
            },
            onError: (error) => setProblem(applyApiErrors(error, setError, FIELDS)),
          },
        );
      })}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <FormInput control={control} name="number" label="Number" idPrefix="book-account" />
        <FormInput control={control} name="name" label="Name" required idPrefix="book-account" />
        <FormSelect
          control={control}
          name="subtype"
          label="Subtype"
          choices={subtypes}
          required
          idPrefix="book-account"
        />
        <FormSelect
          control={control}
          name="detail_type"
          label="Detailed type"
          choices={details}
          emptyLabel="None"
          idPrefix="book-account"
        />
      </Stack>
    </FormDialog>
  );
}
