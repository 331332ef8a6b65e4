import type { Bill, CommitmentBillTemplate } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import {
  formatDate,
  formatMoney,
  INVOICE_SOURCE_LABELS,
  INVOICE_SOURCE_VALUES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
} from '@bp/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, AlertTitle, Box, Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Control, type FieldErrors, type Resolver, useController, useForm } from 'react-hook-form';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState, ErrorState, LoadingState, PageTitle, useToast } from '../../../ui/index.ts';
import { FormSelect } from '../../bills/form/FormSelect.tsx';
import {
  type Choice,
  useAccountChoices,
  useDivisionChoices,
  withCurrent,
} from '../../bills/form/useBillChoices.ts';
import { billPagePath, useInvalidateBills } from '../../bills/shared/index.ts';
import { apiErrorMessage, isApiError } from '../../shared/api-errors.ts';
import {
  COMMITMENTS_PAGE,
  commitmentPagePath,
  useCommitmentClient,
  useInvalidateCommitments,
} from '../commitment-api.ts';
import { expectedAmountText, InstanceStatusChip } from '../display.tsx';
import {
  AUTO_APPROVED_TEXT,
  type InstanceBillField,
  type InstanceBillValues,
  instanceBillPayload,
  isAutoApproved,
  SENT_FOR_APPROVAL_TEXT,
  templateToValues,
  validateInstanceBill,
} from './instance-bill-values.ts';

const FIELDS: readonly InstanceBillField[] = [
  'amount',
  'due_date',
  'invoice_number',
  'invoice_date',
  'payment_method',
  'invoice_source',
  'account',
  'division',
  'memo',
];

const resolver: Resolver<InstanceBillValues> = async (values) => {
  const problems = Object.entries(validateInstanceBill(values));
  if (problems.length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      problems.map(([field, message]) => [field, { type: 'validate', message }]),
    ) as FieldErrors<InstanceBillValues>,
  };
};

const PAYMENT_METHOD_CHOICES: Choice[] = PAYMENT_METHOD_VALUES.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));
const INVOICE_SOURCE_CHOICES: Choice[] = INVOICE_SOURCE_VALUES.map((value) => ({
  value,
  label: INVOICE_SOURCE_LABELS[value],
}));

/**
 * /commitments/{commitmentId}/new-bill (the next unbilled payment) and
 * /commitments/{commitmentId}/new-bill/{commitmentBillId} (that payment, an instance guid), with
 * `?client=` (else the client is read from the organisation's route): the payment, a bill prefilled from generate-template whose amount staff may change, and
 * Create bill. The result says whether the bill was auto-approved (within the entity's allowed
 * difference from the expected amount) or sent for approval.
 */
export function CommitmentBillPage() {
  const { commitmentId = '', commitmentBillId } = useParams();
  const [search] = useSearchParams();
  const id = Number.parseInt(commitmentId, 10);
  const owner = useCommitmentClient(id, search.get('client') ?? '');
  const clientGuid = owner.clientGuid;
  const { api } = useSession();
  const valid = Number.isInteger(id) && id > 0 && !owner.missing;
  const template = useQuery({
    queryKey: ['commitments', 'template', clientGuid, id, commitmentBillId ?? 'next'],
    queryFn: () =>
      api.call(commitmentsRoutes.postBillingClientCommitmentGenerateTemplate, {
        params: { clientGuid, commitmentId: id },
        ...(commitmentBillId ? { query: { instance: commitmentBillId } } : {}),
      }),
    enabled: valid && clientGuid !== '',
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [created, setCreated] = useState<Bill | null>(null);

  const back = (
    <Button
      component={RouterLink}
      to={valid && clientGuid !== '' ? commitmentPagePath(clientGuid, id) : COMMITMENTS_PAGE}
      startIcon={<ArrowBackIcon />}
    >
      Commitment
    </Button>
  );

  let content: React.ReactNode;
  if (!valid) {
    content = <ErrorState message="This link is incomplete. Open the commitment and choose a payment." />;
  } else if (owner.error) {
    content = isApiError(owner.error, 404) ? (
      <ErrorState message="This commitment does not exist or is not one of your clients’." />
    ) : (
      <ErrorState message={apiErrorMessage(owner.error)} onRetry={owner.retry} />
    );
  } else if (template.isPending) {
    content = <LoadingState label="Preparing the bill…" />;
  } else if (template.isError) {
    content = isApiError(template.error, 404) ? (
      <EmptyState title="No payment to bill.">
        {apiErrorMessage(template.error)} Every scheduled payment of this commitment already has a bill, or it
        was skipped.
      </EmptyState>
    ) : (
      <ErrorState message={apiErrorMessage(template.error)} onRetry={() => void template.refetch()} />
    );
  } else if (created) {
    content = <CreatedBill bill={created} template={template.data} />;
  } else {
    content = <InstanceBillForm template={template.data} onCreated={setCreated} />;
  }

  return (
    <Box>
      <PageTitle actions={back}>New Commitment Bill</PageTitle>
      {content}
    </Box>
  );
}

function InstanceSummary({ template }: { template: CommitmentBillTemplate }) {
  const { commitment, instance } = template;
  return (
    <Paper variant="outlined" component="section" aria-label="Payment" sx={{ p: 2, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {commitment.vendor.name}
          </Typography>
          <Typography color="text.secondary">
            {commitment.client.name} · {commitment.entity.nickname}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Due date
          </Typography>
          <Typography>{formatDate(instance.due_date)}</Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Expected amount
          </Typography>
          <Typography>
            {instance.expected_amount === null
              ? expectedAmountText(commitment)
              : formatMoney(instance.expected_amount)}
          </Typography>
        </Box>
        <InstanceStatusChip status={instance.status} />
      </Stack>
    </Paper>
  );
}

function TextInput({
  control,
  name,
  label,
  type = 'text',
  disabled,
  required,
  helperText,
}: {
  control: Control<InstanceBillValues>;
  name: 'amount' | 'due_date' | 'invoice_number' | 'invoice_date' | 'memo';
  label: string;
  type?: string;
  disabled?: boolean;
  required?: boolean;
  helperText?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      id={`commitment-bill-${name}`}
      name={field.name}
      label={label}
      type={type}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      required={required}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      slotProps={{
        ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
        ...(name === 'amount' ? { htmlInput: { inputMode: 'decimal' } } : {}),
      }}
    />
  );
}

function InstanceBillForm({
  template,
  onCreated,
}: {
  template: CommitmentBillTemplate;
  onCreated: (bill: Bill) => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const invalidateCommitments = useInvalidateCommitments();
  const invalidateBills = useInvalidateBills();
  const [formError, setFormError] = useState<string | null>(null);
  const { commitment, instance } = template;
  const form = useForm<InstanceBillValues>({ defaultValues: templateToValues(template), resolver });
  const accounts = useAccountChoices(commitment.client.guid, commitment.entity.guid);
  const divisions = useDivisionChoices(commitment.client.guid, commitment.entity.guid);
  const accountChoices = useMemo(
    () =>
      withCurrent(
        (accounts.data?.results ?? []).map((a) => ({ value: a.guid, label: a.display_2_levels })),
        commitment.account
          ? { value: commitment.account.guid, label: commitment.account.display_2_levels }
          : null,
      ),
    [accounts.data, commitment.account],
  );
  const divisionChoices = useMemo(
    () =>
      withCurrent(
        (divisions.data?.results ?? [])
          .filter((d) => d.is_active)
          .map((d) => ({ value: d.guid, label: d.name })),
        commitment.division ? { value: commitment.division.guid, label: commitment.division.name } : null,
      ),
    [divisions.data, commitment.division],
  );

  const create = useMutation({
    mutationFn: (values: InstanceBillValues) =>
      api.call(commitmentsRoutes.postBillingClientCommitmentInstanceBill, {
        params: {
          clientGuid: commitment.client.guid,
          commitmentId: commitment.id,
          instanceGuid: instance.guid,
        },
        body: instanceBillPayload(values),
      }),
    onMutate: () => setFormError(null),
    onSuccess: (bill) => {
      toast.success(
        isAutoApproved(bill)
          ? `Bill created. ${AUTO_APPROVED_TEXT}.`
          : `Bill created. ${SENT_FOR_APPROVAL_TEXT}.`,
      );
      void invalidateCommitments();
      void invalidateBills();
      onCreated(bill);
    },
    onError: (error) => {
      if (isApiError(error, 400) && error.body && typeof error.body === 'object') {
        const rest: string[] = [];
        for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
          const message = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
          if (typeof message !== 'string') continue;
          const field = key.startsWith('lines') ? (key.endsWith('memo') ? 'memo' : 'account') : key;
          if ((FIELDS as readonly string[]).includes(field)) {
            form.setError(field as InstanceBillField, { type: 'server', message });
          } else {
            rest.push(message);
          }
        }
        if (rest[0]) setFormError(rest[0]);
        toast.error('The bill was not created. Check the highlighted fields.');
        return;
      }
      const message = apiErrorMessage(error);
      setFormError(message);
      toast.error(`The bill was not created. ${message}`);
    },
  });

  const busy = create.isPending;
  const { control } = form;
  return (
    <>
      <InstanceSummary template={template} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box
          component="form"
          noValidate
          aria-label="Commitment bill"
          onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}
        >
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextInput
                control={control}
                name="amount"
                label="Amount ($)"
                required
                disabled={busy}
                helperText="Change it to the amount on the invoice."
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextInput
                control={control}
                name="due_date"
                label="Due date"
                type="date"
                required
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextInput control={control} name="invoice_number" label="Invoice number" disabled={busy} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <TextInput
                control={control}
                name="invoice_date"
                label="Invoice date"
                type="date"
                disabled={busy}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect
                control={control}
                name="payment_method"
                label="Payment method"
                choices={PAYMENT_METHOD_CHOICES}
                disabled={busy}
                required
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect
                control={control}
                name="invoice_source"
                label="Invoice source"
                choices={INVOICE_SOURCE_CHOICES}
                disabled={busy}
                required
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect
                control={control}
                name="account"
                label="Account"
                choices={accountChoices}
                disabled={busy}
                required
                helperText={
                  accounts.isError
                    ? 'The accounts could not be loaded.'
                    : accounts.isPending
                      ? 'Loading accounts…'
                      : undefined
                }
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormSelect
                control={control}
                name="division"
                label="Division"
                choices={divisionChoices}
                emptyLabel="None"
                disabled={busy}
              />
            </Grid>
            <Grid size={12}>
              <TextInput control={control} name="memo" label="Memo" disabled={busy} />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
            <Button
              component={RouterLink}
              to={commitmentPagePath(commitment.client.guid, commitment.id)}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              Create bill
            </Button>
          </Stack>
        </Box>
      </Paper>
    </>
  );
}

function CreatedBill({ bill, template }: { bill: Bill; template: CommitmentBillTemplate }) {
  const auto = isAutoApproved(bill);
  const { commitment } = template;
  return (
    <>
      <InstanceSummary template={template} />
      <Alert
        severity={auto ? 'success' : 'info'}
        role="status"
        action={
          <Stack direction="row" spacing={1}>
            <Button color="inherit" component={RouterLink} to={billPagePath(bill.client.guid, bill.guid)}>
              Open bill
            </Button>
            <Button
              color="inherit"
              component={RouterLink}
              to={commitmentPagePath(commitment.client.guid, commitment.id)}
            >
              Back to commitment
            </Button>
          </Stack>
        }
      >
        <AlertTitle>{auto ? AUTO_APPROVED_TEXT : SENT_FOR_APPROVAL_TEXT}</AlertTitle>
        {auto
          ? `The ${formatMoney(bill.amount)} bill is close enough to the expected amount that the client's approval is not needed.`
          : `The ${formatMoney(bill.amount)} bill follows the usual approval steps.`}
      </Alert>
    </>
  );
}
