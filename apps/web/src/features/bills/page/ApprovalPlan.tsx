import type { BillApprovalStep } from '@bp/contracts';
import { APPROVAL_STEP_KIND_LABELS, formatDate } from '@bp/domain';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RedoIcon from '@mui/icons-material/Redo';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../ui/index.ts';
import { personName } from './api.ts';
import { Section } from './Section.tsx';

/** What happened to a step, in words: Waiting, Current, Approved by X on date, Auto approved, Skipped. */
export function stepState(step: BillApprovalStep): string {
  if (step.result === 'approved') {
    const by = step.approved_by ? ` by ${personName(step.approved_by)}` : '';
    const on = step.approved_on ? ` on ${formatDate(step.approved_on)}` : '';
    return `Approved${by}${on}`;
  }
  if (step.result === 'not_needed') return 'Auto approved';
  if (step.result === 'rejected') return 'Rejected';
  if (step.skipped) return 'Skipped';
  if (step.current) return 'Current';
  return 'Waiting';
}

function StepIcon({ step }: { step: BillApprovalStep }) {
  const props = { 'aria-hidden': true, fontSize: 'small' } as const;
  if (step.result === 'approved') return <CheckCircleIcon color="success" {...props} />;
  if (step.result === 'rejected') return <CancelIcon color="error" {...props} />;
  if (step.result === 'not_needed' || step.skipped) return <RedoIcon color="disabled" {...props} />;
  if (step.current) return <RadioButtonCheckedIcon color="primary" {...props} />;
  return <RadioButtonUncheckedIcon color="disabled" {...props} />;
}

/** Every step of the plan in order, why it is there, who may act and where it stands; the current one stands out. */
export function ApprovalPlan({ plan }: { plan: BillApprovalStep[] }) {
  return (
    <Section title="Approval plan">
      {plan.length === 0 ? (
        <EmptyState title="No approval plan yet.">
          The plan is made when the bill leaves the pre-bill inbox.
        </EmptyState>
      ) : (
        <Box component="ol" aria-label="Approval steps" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {plan.map((step, index) => {
            const state = stepState(step);
            return (
              <Box
                component="li"
                key={step.kind}
                aria-current={step.current ? 'step' : undefined}
                aria-label={`${APPROVAL_STEP_KIND_LABELS[step.kind]}: ${state}`}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  p: 1.5,
                  mb: 1,
                  borderRadius: 1,
                  border: 1,
                  borderColor: step.current ? 'primary.main' : 'divider',
                  bgcolor: step.current ? 'action.selected' : undefined,
                  opacity: step.skipped ? 0.8 : 1,
                }}
              >
                <Box sx={{ pt: 0.25 }}>
                  <StepIcon step={step} />
                </Box>
                <Box sx={{ flexGrow: 1 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {index + 1}. {APPROVAL_STEP_KIND_LABELS[step.kind]}
                    </Typography>
                    <Chip
                      size="small"
                      label={state}
                      color={step.current ? 'primary' : step.result === 'approved' ? 'success' : 'default'}
                      variant={step.current ? 'filled' : 'outlined'}
                    />
                    {step.verbal_pending ? (
                      <Chip size="small" color="warning" label="Verbal approval pending confirmation" />
                    ) : null}
                    {step.vendor_check ? (
                      <Chip size="small" variant="outlined" label="New vendor check" />
                    ) : null}
                  </Box>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {step.reason}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Who may act: {step.who}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Section>
  );
}
