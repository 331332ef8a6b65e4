import type { Bill, CommitmentBillTemplate } from '@bp/contracts';
import { commitmentsRoutes } from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/index.ts';
import { useInvalidateBills } from '../../bills/shared/index.ts';
import { apiErrorMessage, applyApiErrors, isApiError } from '../../shared/api-errors.ts';
import { BookFields } from '../../shared/form/BookFields.tsx';
import { FormAlerts } from '../../shared/form/FormAlerts.tsx';
import { FormInput } from '../../shared/form/FormInput.tsx';
import { InvoiceFields } from '../../shared/form/InvoiceFields.tsx';
import { MoneyField } from '../../shared/form/MoneyField.tsx';
import { useBookChoiceLists } from '../../shared/form/useBookChoiceLists.ts';
import { commitmentPagePath, useInvalidateCommitments } from '../commitment-api.ts';
import { InstanceSummary } from './InstanceBillParts.tsx';
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

/** The API's field of a 400 message as this form's: the bill's one line shows as account and memo. */
function fieldOfApiKey(key: string): InstanceBillField | null {
  const field = key.startsWith('lines') ? (key.endsWith('memo') ? 'memo' : 'account') : key;
  return FIELDS.find((name) => name === field) ?? null;
}

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

/**
 * The bill of one commitment payment, prefilled from generate-template: amount (staff may change it to
 * the invoice's), invoice fields, account, division and memo; Create bill posts it for the payment.
 */
export function InstanceBillForm({
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
  const books = useBookChoiceLists(commitment.client.guid, commitment.entity.guid, {
    accounts: commitment.account ? [commitment.account] : [],
    divisions: commitment.division ? [commitment.division] : [],
  });

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
        // The focus stays on Create bill: the page is short and the messages sit under their fields.
        setFormError(applyApiErrors(error, form.setError, fieldOfApiKey, { focus: false }));
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
          <FormAlerts formError={formError} />
          <Grid container spacing={2}>
            <InvoiceFields
              control={control}
              idPrefix="commitment-bill"
              disabled={busy}
              dueDateRequired
              amount={
                <MoneyField
                  control={control}
                  name="amount"
                  id="commitment-bill-amount"
                  label="Amount ($)"
                  required
                  disabled={busy}
                  helperText="Change it to the amount on the invoice."
                />
              }
            />
            <BookFields
              control={control}
              idPrefix="commitment-bill"
              accounts={{ choices: books.accountChoices, query: books.accounts }}
              divisions={{ choices: books.divisionChoices, query: books.divisions }}
              accountRequired
              disabled={busy}
            />
            <Grid size={12}>
              <FormInput
                idPrefix="commitment-bill"
                control={control}
                name="memo"
                label="Memo"
                disabled={busy}
              />
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
