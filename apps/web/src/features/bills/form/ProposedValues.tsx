import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillFormValues } from './bill-form-values.ts';

/** The form fields a pre-bill's attachment can propose (decision 023). */
export type ProposableField = 'entity' | 'vendor' | 'amount' | 'due_date' | 'invoice_number' | 'invoice_date';

export interface Proposal {
  /** The value as the form holds it (dollars as typed, yyyy-MM-dd, a guid). */
  value: string;
  /** What the user reads: "$1,234.56", "12/15/2026", "Evergreen Landscaping". */
  shown: string;
  /** Where it was read: a line of the invoice, or how the vendor was matched. */
  source: string;
}
export type Proposals = Partial<Record<ProposableField, Proposal>>;

const LABELS: Record<ProposableField, string> = {
  entity: 'Entity',
  vendor: 'Vendor',
  amount: 'Amount',
  due_date: 'Due date',
  invoice_number: 'Invoice number',
  invoice_date: 'Invoice date',
};

/** A proposal still waits on the user while the field holds the proposed value and nobody accepted it. */
export function pendingProposals(
  proposals: Proposals,
  values: Pick<BillFormValues, ProposableField>,
  accepted: ReadonlySet<ProposableField>,
): ProposableField[] {
  return (Object.keys(proposals) as ProposableField[]).filter(
    (field) => !accepted.has(field) && values[field] === proposals[field]?.value,
  );
}

export interface ProposedValuesProps {
  proposals: Proposals;
  values: Pick<BillFormValues, ProposableField>;
  accepted: ReadonlySet<ProposableField>;
  onAccept: (field: ProposableField) => void;
  /** Why nothing was read (an image, a scanned PDF), when so. */
  notice?: string | null;
}

/**
 * The values read from the pre-bill's attachment, each marked "Proposed" until the user accepts it or
 * types another value in its field: a guess never becomes a payment without a person looking at it.
 */
export function ProposedValues({ proposals, values, accepted, onAccept, notice }: ProposedValuesProps) {
  const fields = Object.keys(proposals) as ProposableField[];
  if (fields.length === 0 && !notice) return null;
  return (
    <Box component="section" aria-label="Proposed values" sx={{ mb: 2 }}>
      {notice ? (
        <Alert severity="info" sx={{ mb: fields.length ? 1.5 : 0 }}>
          {notice}
        </Alert>
      ) : null}
      <Stack spacing={1}>
        {fields.map((field) => {
          const proposal = proposals[field] as Proposal;
          const state = accepted.has(field)
            ? 'accepted'
            : values[field] === proposal.value
              ? 'proposed'
              : 'changed';
          return (
            <Stack
              key={field}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
              aria-label={`${LABELS[field]}: ${proposal.shown}`}
              role="group"
            >
              <Typography sx={{ minWidth: 130, fontWeight: 500 }}>{LABELS[field]}</Typography>
              <Typography sx={{ minWidth: 160 }}>{proposal.shown}</Typography>
              {state === 'proposed' ? (
                <Chip size="small" color="warning" label="Proposed" />
              ) : (
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  label={state === 'accepted' ? 'Accepted' : 'Changed'}
                />
              )}
              <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
                {proposal.source}
              </Typography>
              {state === 'proposed' ? (
                <Button
                  size="small"
                  onClick={() => onAccept(field)}
                  aria-label={`Accept the ${LABELS[field].toLowerCase()}`}
                >
                  Accept
                </Button>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
