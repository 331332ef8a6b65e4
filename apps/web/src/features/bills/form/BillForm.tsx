import type { Bill, CreateBillRequest, PossibleDuplicate } from '@bp/contracts';
import { billsRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldErrors, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { apiErrorMessage, applyApiErrors, isApiError } from '../../shared/api-errors.ts';
import { FormAlerts } from '../../shared/form/FormAlerts.tsx';
import { InvoiceFields } from '../../shared/form/InvoiceFields.tsx';
import { MoneyField } from '../../shared/form/MoneyField.tsx';
import { SwitchField } from '../../shared/form/SwitchField.tsx';
import { useBookChoiceLists } from '../../shared/form/useBookChoiceLists.ts';
import { billQueryKey, useInvalidateBills } from '../shared/bill-api.ts';
import { BillPartyFields } from './BillPartyFields.tsx';
import {
  type BillFormValues,
  billToForm,
  blankBillForm,
  centsOf,
  createBillPayload,
  formatDollarsInput,
  linesBalance,
  patchBillPayload,
  validateBillForm,
} from './bill-form-values.ts';
import { DuplicateDialog } from './DuplicateDialog.tsx';
import { LinesEditor } from './LinesEditor.tsx';
import { type ProposableField, type Proposals, ProposedValues, pendingProposals } from './ProposedValues.tsx';

export const CONFLICT_MESSAGE = 'The bill was changed by someone else. Reload it.';

export interface BillFormProps {
  clientGuid: string;
  /** The bill to edit; without it the form enters a new bill. */
  bill?: Bill;
  onSaved: (bill: Bill) => void;
  onCancel: () => void;
  /** A new bill's starting values (a converted pre-bill's), instead of a blank form. */
  initialValues?: BillFormValues;
  /** Values read from a pre-bill's attachment: marked "Proposed" until accepted or changed. */
  proposals?: Proposals;
  /** Shown above the proposals (why nothing was read from the file). */
  proposalNotice?: string | null;
  /** Saves a new bill another way than POST …/bills (converting a pre-bill e-mail). */
  saveNew?: (payload: CreateBillRequest) => Promise<Bill>;
}

const PROPOSALS_WAITING = 'Accept or change each proposed value before saving.';

const TOP_FIELDS = [
  'entity',
  'vendor',
  'amount',
  'due_date',
  'invoice_number',
  'invoice_date',
  'payment_method',
  'invoice_source',
  'under_power_of_attorney',
] as const;
const LINE_FIELD = /^lines\.(\d+)\.(account|division|memo|amount)$/;

/**
 * The form field of a 400 message's key: the bill's own fields, a line's (`lines.0.amount`), and
 * `lines` itself (their sum), which the lines editor shows under the lines.
 */
function fieldOfApiKey(key: string): FieldPath<BillFormValues> | null {
  if ((TOP_FIELDS as readonly string[]).includes(key) || LINE_FIELD.test(key) || key === 'lines') {
    return key as FieldPath<BillFormValues>;
  }
  return null;
}

/** validateBillForm's problems as react-hook-form errors (the lines' sum is shown by the editor). */
const resolver: Resolver<BillFormValues> = async (values) => {
  const problems = validateBillForm(values);
  const errors: Record<string, unknown> = {};
  const lineErrors: Record<string, unknown>[] = [];
  for (const [path, message] of Object.entries(problems)) {
    const line = LINE_FIELD.exec(path);
    if (line) {
      const index = Number(line[1]);
      lineErrors[index] = { ...lineErrors[index], [line[2] as string]: { type: 'validate', message } };
    } else if (path !== 'lines') {
      errors[path] = { type: 'validate', message };
    }
  }
  if (lineErrors.length > 0) errors.lines = lineErrors;
  if (Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<BillFormValues> };
  }
  if (problems.lines) {
    return { values: {}, errors: { lines: { root: { type: 'validate', message: problems.lines } } } };
  }
  return { values, errors: {} };
};

type SaveRequest = { values: BillFormValues; draft: boolean; duplicateReason?: string };

/**
 * Enter a bill (Save as draft → pre-bill inbox, or Submit for approval) or edit one (only the
 * changed fields and the version seen). Amounts are typed in dollars and sent in cents.
 */
export function BillForm({
  clientGuid,
  bill,
  onSaved,
  onCancel,
  initialValues,
  proposals = {},
  proposalNotice = null,
  saveNew,
}: BillFormProps) {
  const { api } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const invalidateBills = useInvalidateBills();
  // The bill as the server last answered: the baseline of "changed" and of `version`.
  const [baseline, setBaseline] = useState<Bill | undefined>(bill);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const editing = baseline !== undefined;

  const form = useForm<BillFormValues>({
    defaultValues: bill ? billToForm(bill) : (initialValues ?? blankBillForm()),
    resolver,
  });
  const { control, setValue, getValues } = form;

  // A newer version of the bill from the page (after a save or a reload) becomes the new baseline.
  useEffect(() => {
    if (bill && (bill.guid !== baseline?.guid || bill.version > baseline.version)) {
      setBaseline(bill);
      form.reset(billToForm(bill));
    }
  }, [bill, baseline, form]);

  const [entityGuid, amount, lines] = useWatch({ control, name: ['entity', 'amount', 'lines'] });
  const watched = useWatch({ control });
  const [accepted, setAccepted] = useState<ReadonlySet<ProposableField>>(new Set());
  const [duplicates, setDuplicates] = useState<{ request: SaveRequest; found: PossibleDuplicate[] } | null>(
    null,
  );
  const sameEntity = baseline !== undefined && baseline.entity.guid === entityGuid;
  const books = useBookChoiceLists(clientGuid, entityGuid, {
    entity: baseline?.entity,
    ...(sameEntity && baseline
      ? {
          vendor: baseline.vendor,
          accounts: baseline.lines.map((line) => line.account),
          divisions: baseline.lines.flatMap((line) => (line.division ? [line.division] : [])),
        }
      : {}),
  });

  const balance = linesBalance(amount, lines);
  const linesMismatch = balance.amount !== null && !balance.balanced;

  const save = useMutation({
    mutationFn: async ({ values, draft, duplicateReason }: SaveRequest): Promise<Bill | null> => {
      if (baseline) {
        const patch = patchBillPayload(baseline, values);
        if (!patch) return null;
        return api.call(billsRoutes.patchBillingClientBill, {
          params: { clientGuid, billGuid: baseline.guid },
          body: patch,
        });
      }
      const body: CreateBillRequest = {
        ...createBillPayload(values, draft),
        ...(duplicateReason ? { duplicate_reason: duplicateReason } : {}),
      };
      if (saveNew) return saveNew(body);
      return api.call(billsRoutes.postBillingClientBills, { params: { clientGuid }, body });
    },
    onMutate: () => {
      setFormError(null);
      setConflict(false);
    },
    onSuccess: async (saved, { draft }) => {
      if (!saved) {
        toast.info('Nothing changed.');
        return;
      }
      queryClient.setQueryData(billQueryKey(clientGuid, saved.guid), saved);
      if (editing) {
        setBaseline(saved);
        form.reset(billToForm(saved));
        toast.success('Bill saved');
      } else {
        toast.success(draft ? 'Bill created as a draft' : 'Bill created');
      }
      void invalidateBills();
      onSaved(saved);
    },
    onError: (error) => {
      if (editing && isApiError(error, 409)) {
        setConflict(true);
        return;
      }
      if (isApiError(error, 400)) {
        const rest = applyApiErrors(error, form.setError, fieldOfApiKey);
        if (rest) setFormError(rest);
        toast.error('The bill was not saved. Check the highlighted fields.');
        return;
      }
      const message = apiErrorMessage(error);
      setFormError(message);
      toast.error(`The bill was not saved. ${message}`);
    },
  });

  const reload = useMutation({
    mutationFn: () =>
      api.call(billsRoutes.getBillingClientBill, {
        params: { clientGuid, billGuid: baseline?.guid ?? '' },
      }),
    onSuccess: (fresh) => {
      queryClient.setQueryData(billQueryKey(clientGuid, fresh.guid), fresh);
      setBaseline(fresh);
      form.reset(billToForm(fresh));
      setConflict(false);
      setFormError(null);
      toast.info('The latest version of the bill is loaded.');
    },
    onError: (error) => setFormError(apiErrorMessage(error)),
  });

  /**
   * A new bill is first checked against the client's bills (same vendor and invoice number, or amount
   * within 7 days): when it looks like one, the duplicate dialog asks for a reason before it is saved.
   */
  const check = useMutation({
    mutationFn: (values: BillFormValues) => {
      const payload = createBillPayload(values, false);
      return api.call(billsRoutes.getBillingClientBillsDuplicates, {
        params: { clientGuid },
        query: {
          vendor: payload.vendor,
          amount: payload.amount,
          invoice_number: payload.invoice_number ?? null,
          invoice_date: payload.invoice_date ?? null,
        },
      });
    },
    onMutate: () => setFormError(null),
  });

  async function start(request: SaveRequest) {
    if (editing) return save.mutate(request);
    if (pendingProposals(proposals, getValues(), accepted).length > 0) {
      setFormError(PROPOSALS_WAITING);
      return;
    }
    try {
      const { duplicates: found } = await check.mutateAsync(request.values);
      if (found.length > 0) setDuplicates({ request, found });
      else save.mutate(request);
    } catch (error) {
      setFormError(`The duplicate check failed. ${apiErrorMessage(error)}`);
    }
  }

  const submitWith = (draft: boolean) => form.handleSubmit((values) => void start({ values, draft }));

  /** Changing the amount also fills the only line while it is blank or still follows the amount. */
  function onAmountChange(next: string) {
    const previous = getValues('amount');
    setValue('amount', next, { shouldValidate: form.formState.isSubmitted });
    const current = getValues('lines');
    const only = current.length === 1 ? current[0] : undefined;
    if (only && (only.amount.trim() === '' || centsOf(only.amount) === centsOf(previous))) {
      setValue('lines.0.amount', next, { shouldValidate: form.formState.isSubmitted });
    }
  }

  /** A new entity has other vendors and accounts: clear them. */
  function onEntityChanged() {
    setValue('vendor', '');
    getValues('lines').forEach((_, index) => {
      setValue(`lines.${index}.account`, '');
      setValue(`lines.${index}.division`, '');
    });
  }

  const busy = save.isPending || reload.isPending || check.isPending;
  const noEntity = entityGuid === '';

  return (
    <Box
      component="form"
      noValidate
      aria-label={editing ? 'Edit bill' : 'New bill'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!linesMismatch) void submitWith(false)(event);
      }}
    >
      <FormAlerts
        conflict={
          conflict
            ? { message: CONFLICT_MESSAGE, onReload: () => reload.mutate(), reloading: reload.isPending }
            : null
        }
        formError={formError}
      />
      {editing ? null : (
        <ProposedValues
          proposals={proposals}
          values={{
            entity: watched.entity ?? '',
            vendor: watched.vendor ?? '',
            amount: watched.amount ?? '',
            due_date: watched.due_date ?? '',
            invoice_number: watched.invoice_number ?? '',
            invoice_date: watched.invoice_date ?? '',
          }}
          accepted={accepted}
          onAccept={(field) => {
            setAccepted(new Set([...accepted, field]));
            if (formError === PROPOSALS_WAITING) setFormError(null);
          }}
          notice={proposalNotice}
        />
      )}
      {books.entities.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={<Button onClick={() => void books.entities.refetch()}>Retry</Button>}
        >
          The client's entities could not be loaded. {apiErrorMessage(books.entities.error)}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        <BillPartyFields
          control={control}
          clientGuid={clientGuid}
          entityGuid={entityGuid}
          books={books}
          disabled={busy}
          onEntityChanged={onEntityChanged}
        />
        <InvoiceFields
          control={control}
          idPrefix="bill"
          disabled={busy}
          amount={
            <MoneyField
              control={control}
              name="amount"
              id="bill-amount"
              label="Amount ($)"
              required
              disabled={busy}
              formatOnBlur={formatDollarsInput}
              onValueChange={onAmountChange}
            />
          }
        />
        <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <SwitchField
            control={control}
            name="under_power_of_attorney"
            label="Paid under power of attorney"
            disabled={busy}
          />
        </Grid>
      </Grid>

      <LinesEditor
        control={control}
        accounts={books.accountChoices}
        divisions={books.divisionChoices}
        noEntity={noEntity}
        disabled={busy}
      />

      <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {editing ? (
          <Button type="submit" variant="contained" disabled={busy || linesMismatch} loading={save.isPending}>
            Save changes
          </Button>
        ) : (
          <>
            <Button
              variant="outlined"
              disabled={busy || linesMismatch}
              loading={(save.isPending && save.variables?.draft === true) || check.isPending}
              onClick={() => void submitWith(true)()}
            >
              Save as draft
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || linesMismatch}
              loading={save.isPending && save.variables?.draft === false}
            >
              Submit for approval
            </Button>
          </>
        )}
      </Stack>
      <DuplicateDialog
        clientGuid={clientGuid}
        duplicates={duplicates?.found ?? null}
        onClose={() => setDuplicates(null)}
        onContinue={(duplicateReason) => {
          if (duplicates) save.mutate({ ...duplicates.request, duplicateReason });
          setDuplicates(null);
        }}
      />
    </Box>
  );
}
