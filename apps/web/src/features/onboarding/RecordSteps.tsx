import {
  type Commitment,
  commitmentsRoutes,
  createEntityRequest,
  createTaxFormRequest,
  type Entity,
  entitiesRoutes,
  MAX_PAGE_SIZE,
  type OnboardingChecklist,
  onboardingRoutes,
  type TaxForm,
} from '@bp/contracts';
import {
  COMMITMENT_CATEGORY_LABELS,
  COMMITMENT_CATEGORY_VALUES,
  COMMITMENT_FREQUENCY_LABELS,
  COMMITMENT_FREQUENCY_VALUES,
  ENTITY_KIND_LABELS,
  ENTITY_KIND_VALUES,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_VALUES,
  TAX_FORM_TYPE_LABELS,
  TAX_FORM_TYPE_VALUES,
} from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { useSession } from '../../session/session-context.ts';
import { ConfirmDialog, EmptyState, QueryStates, useToast } from '../../ui/index.ts';
import {
  type FieldOption,
  type FieldSpec,
  payloadAs,
  RecordFormDialog,
  useChoices,
  useInvalidateList,
} from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>): FieldOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

const ENTITY_FIELDS: FieldSpec[] = [
  {
    name: 'kind',
    label: 'Kind',
    kind: 'select',
    required: true,
    options: optionsOf(ENTITY_KIND_VALUES, ENTITY_KIND_LABELS),
  },
  { name: 'nickname', label: 'Name', kind: 'text', required: true },
];

/** The entities step: the client's entities, and adding one (the client itself while onboarding is open). */
export function EntitiesStep({ checklist }: { checklist: OnboardingChecklist }) {
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const clientGuid = checklist.client.guid;
  const source = { route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } };
  const entities = useChoices(source);
  const [adding, setAdding] = useState(false);
  return (
    <Box>
      <QueryStates
        query={entities}
        loadingLabel="Loading entities…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={<EmptyState title="No entities yet.">Add the household, its trusts or companies.</EmptyState>}
      >
        {(data) => (
          <List dense aria-label="Entities">
            {data.results.map((entity: Entity) => (
              <ListItem key={entity.guid} disableGutters>
                <ListItemText primary={entity.nickname} secondary={ENTITY_KIND_LABELS[entity.kind]} />
              </ListItem>
            ))}
          </List>
        )}
      </QueryStates>
      {checklist.can_edit ? (
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => setAdding(true)}>
          Add entity
        </Button>
      ) : null}
      <RecordFormDialog
        open={adding}
        title="Add entity"
        fields={ENTITY_FIELDS}
        schema={createEntityRequest}
        item={null}
        defaults={{ kind: 'legal_entity' }}
        submitLabel="Add"
        successMessage="Entity added."
        onSubmit={async (payload) => {
          await api.call(onboardingRoutes.postAccountsClientOnboardingEntities, {
            params: { clientGuid },
            body: payloadAs(createEntityRequest, payload),
          });
          await invalidate(source);
        }}
        onClose={() => setAdding(false)}
      />
    </Box>
  );
}

/** The commitment form of the checklist: the vendor names its entity, so one choice gives both. */
const commitmentFormSchema = z.object({
  vendor: z.string().min(1, 'This field is required.'),
  category: z.enum(COMMITMENT_CATEGORY_VALUES),
  frequency: z.enum(COMMITMENT_FREQUENCY_VALUES),
  expected_amount: z.number().int().nullable().optional(),
  due_day: z
    .number()
    .int()
    .min(1, 'Enter a day from 1 to 31.')
    .max(31, 'Enter a day from 1 to 31.')
    .nullable()
    .optional(),
  start_date: z.string().min(1, 'This field is required.'),
  payment_method: z.enum(PAYMENT_METHOD_VALUES),
});

/** Every vendor of every entity of the client, labelled with its entity: the commitment form's choice. */
function useVendorOptions(clientGuid: string, entities: readonly Entity[]) {
  const { api } = useSession();
  const vendorLists = useQueries({
    queries: entities.map((entity) => ({
      queryKey: [
        'records',
        entitiesRoutes.getBillingClientEntityVendors.path,
        { clientGuid, entityGuid: entity.guid },
        'all',
      ],
      queryFn: () =>
        api.call(entitiesRoutes.getBillingClientEntityVendors, {
          params: { clientGuid, entityGuid: entity.guid },
          query: { page: 1, page_size: MAX_PAGE_SIZE },
        }),
    })),
  });
  const options: FieldOption[] = [];
  const entityOf = new Map<string, string>();
  vendorLists.forEach((list, index) => {
    const entity = entities[index];
    if (!entity) return;
    for (const vendor of list.data?.results ?? []) {
      options.push({ value: vendor.guid, label: `${vendor.name} (${entity.nickname})` });
      entityOf.set(vendor.guid, entity.guid);
    }
  });
  return { options, entityOf };
}

/** The commitment step: the client's recurring payments, and adding one. */
export function CommitmentStep({ checklist, staff }: { checklist: OnboardingChecklist; staff: boolean }) {
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const clientGuid = checklist.client.guid;
  const source = { route: commitmentsRoutes.getBillingClientCommitments, params: { clientGuid } };
  const commitments = useChoices(source);
  const entities = useChoices({ route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } });
  const [adding, setAdding] = useState(false);
  const vendors = useVendorOptions(clientGuid, adding ? (entities.data?.results ?? []) : []);
  const fields: FieldSpec[] = [
    { name: 'vendor', label: 'Paid to', kind: 'select', required: true, options: vendors.options },
    {
      name: 'category',
      label: 'Category',
      kind: 'select',
      required: true,
      half: true,
      options: optionsOf(COMMITMENT_CATEGORY_VALUES, COMMITMENT_CATEGORY_LABELS),
    },
    {
      name: 'frequency',
      label: 'Frequency',
      kind: 'select',
      required: true,
      half: true,
      options: optionsOf(COMMITMENT_FREQUENCY_VALUES, COMMITMENT_FREQUENCY_LABELS),
    },
    { name: 'expected_amount', label: 'Expected amount ($)', kind: 'money', half: true },
    { name: 'due_day', label: 'Due day of the month', kind: 'integer', half: true },
    { name: 'start_date', label: 'Starts on', kind: 'date', required: true, half: true },
    {
      name: 'payment_method',
      label: 'Payment method',
      kind: 'select',
      required: true,
      half: true,
      options: optionsOf(PAYMENT_METHOD_VALUES, PAYMENT_METHOD_LABELS),
    },
  ];
  return (
    <Box>
      <QueryStates
        query={commitments}
        loadingLabel="Loading commitments…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No commitments yet.">Add a bill that comes back every month or year.</EmptyState>
        }
      >
        {(data) => (
          <List dense aria-label="Commitments">
            {data.results.map((c: Commitment) => (
              <ListItem key={c.guid} disableGutters>
                <ListItemText
                  primary={`${c.vendor.name} · ${COMMITMENT_FREQUENCY_LABELS[c.frequency]}`}
                  secondary={`${c.entity.nickname} · ${c.expected_amount === null ? 'Variable amount' : `$${formatMoney(c.expected_amount)}`}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryStates>
      {checklist.can_edit ? (
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          <Button variant="contained" onClick={() => setAdding(true)}>
            Add commitment
          </Button>
          {staff ? (
            <Link
              component={RouterLink}
              to={`/client-onboarding/commitments/commitment-form?client=${encodeURIComponent(clientGuid)}`}
            >
              Open the full commitment form
            </Link>
          ) : null}
        </Stack>
      ) : null}
      <RecordFormDialog
        open={adding}
        title="Add commitment"
        fields={fields}
        schema={commitmentFormSchema}
        item={null}
        defaults={{ category: 'utilities', frequency: 'monthly', payment_method: 'ach' }}
        submitLabel="Add"
        successMessage="Commitment added."
        onSubmit={async (payload) => {
          const vendor = String(payload.vendor);
          await api.call(onboardingRoutes.postAccountsClientOnboardingCommitments, {
            params: { clientGuid },
            body: {
              ...(payloadAs(commitmentFormSchema, payload) as Omit<
                z.input<typeof commitmentFormSchema>,
                'vendor'
              >),
              vendor,
              entity: vendors.entityOf.get(vendor) ?? '',
            },
          });
          await invalidate(source);
        }}
        onClose={() => setAdding(false)}
      />
    </Box>
  );
}

const TAX_FORM_FIELDS: FieldSpec[] = [
  {
    name: 'form_type',
    label: 'Form',
    kind: 'select',
    required: true,
    options: optionsOf(TAX_FORM_TYPE_VALUES, TAX_FORM_TYPE_LABELS),
  },
  { name: 'issuer', label: 'Issued by', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'multiline' },
];

/** The "other" step: other tax forms the household receives or files (K-1, payroll, other). */
export function TaxFormsStep({ checklist }: { checklist: OnboardingChecklist }) {
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const clientGuid = checklist.client.guid;
  const source = { route: onboardingRoutes.getAccountsClientOnboardingTaxForms, params: { clientGuid } };
  const forms = useChoices(source);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TaxForm | null>(null);
  const toast = useToast();
  const remove = useMutation({
    mutationFn: (form: TaxForm) =>
      api.call(onboardingRoutes.deleteAccountsClientOnboardingTaxForm, {
        params: { clientGuid, taxFormGuid: form.guid },
      }),
    onSuccess: async () => {
      setRemoving(null);
      toast.success('Tax form removed.');
      await invalidate(source);
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
  });
  return (
    <Box>
      <QueryStates
        query={forms}
        loadingLabel="Loading tax forms…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title="No other tax forms.">Add K-1s, payroll or other forms you receive.</EmptyState>
        }
      >
        {(data) => (
          <List dense aria-label="Other tax forms">
            {data.results.map((form: TaxForm) => (
              <ListItem
                key={form.guid}
                disableGutters
                secondaryAction={
                  checklist.can_edit ? (
                    <Button
                      color="error"
                      onClick={() => setRemoving(form)}
                      aria-label={`Remove ${form.issuer}`}
                    >
                      Remove
                    </Button>
                  ) : null
                }
              >
                <ListItemText
                  primary={`${TAX_FORM_TYPE_LABELS[form.form_type]} · ${form.issuer}`}
                  secondary={form.description}
                />
              </ListItem>
            ))}
          </List>
        )}
      </QueryStates>
      {checklist.can_edit ? (
        <Button variant="contained" sx={{ mt: 1 }} onClick={() => setAdding(true)}>
          Add tax form
        </Button>
      ) : null}
      <RecordFormDialog
        open={adding}
        title="Add tax form"
        fields={TAX_FORM_FIELDS}
        schema={createTaxFormRequest}
        item={null}
        defaults={{ form_type: 'k_1' }}
        submitLabel="Add"
        successMessage="Tax form added."
        onSubmit={async (payload) => {
          await api.call(onboardingRoutes.postAccountsClientOnboardingTaxForms, {
            params: { clientGuid },
            body: payloadAs(createTaxFormRequest, payload),
          });
          await invalidate(source);
        }}
        onClose={() => setAdding(false)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove tax form?"
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      >
        {removing
          ? `${TAX_FORM_TYPE_LABELS[removing.form_type]} from ${removing.issuer} will be removed.`
          : ''}
      </ConfirmDialog>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        This step is optional.
      </Typography>
    </Box>
  );
}
