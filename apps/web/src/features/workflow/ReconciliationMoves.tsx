import { type Reconciliation, workflowRoutes } from '@bp/contracts';
import { RECONCILIATION_STEP_VALUES, type ReconciliationStep } from '@bp/domain';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useInvalidateWorkflow } from './workflow-api.ts';

const nextStep = (step: ReconciliationStep): ReconciliationStep | undefined =>
  RECONCILIATION_STEP_VALUES[RECONCILIATION_STEP_VALUES.indexOf(step) + 1];

/**
 * A queue row's moves: on to the next step (the API refuses a preparer passing a review, 403, shown as a
 * toast), or back to an earlier step with the reason the history keeps.
 */
export function ReconciliationMoves({ row }: { row: Reconciliation }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateWorkflow();
  const [backOpen, setBackOpen] = useState(false);
  const earlier = RECONCILIATION_STEP_VALUES.slice(0, RECONCILIATION_STEP_VALUES.indexOf(row.step));
  const [toStep, setToStep] = useState<ReconciliationStep | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const params = { clientGuid: row.client.guid, reconciliationGuid: row.guid };
  const next = nextStep(row.step);
  const label = `${row.client.name} ${row.entity.name} ${row.period_end}`;

  const forward = useMutation({
    mutationFn: (to: ReconciliationStep) =>
      api.call(workflowRoutes.postReportsClientReconciliationMove, { params, body: { to_step: to } }),
    onSuccess: (moved) => {
      toast.success(`Moved to ${moved.step}.`);
      void invalidate();
    },
    onError: (error) => toast.error(`Not moved. ${apiErrorMessage(error)}`),
  });
  const back = useMutation({
    mutationFn: () =>
      api.call(workflowRoutes.postReportsClientReconciliationMoveBack, {
        params,
        body: { to_step: toStep as ReconciliationStep, reason },
      }),
    onSuccess: (moved) => {
      toast.success(`Moved back to ${moved.step}.`);
      setBackOpen(false);
      void invalidate();
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });

  return (
    <Stack direction="row" spacing={1}>
      {next ? (
        <Button
          size="small"
          onClick={() => forward.mutate(next)}
          loading={forward.isPending}
          aria-label={`Move ${label} to ${next}`}
        >
          To {next}
        </Button>
      ) : null}
      {earlier.length > 0 ? (
        <Button size="small" onClick={() => setBackOpen(true)} aria-label={`Move ${label} back`}>
          Move back
        </Button>
      ) : null}
      <FormDialog
        open={backOpen}
        pending={back.isPending}
        problem={problem}
        onClose={() => setBackOpen(false)}
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          if (toStep === '' || reason.trim() === '') {
            setProblem('Choose a step and say why.');
            return;
          }
          back.mutate();
        }}
        titleId={`move-back-${row.guid}`}
        title="Move back"
        description={`${label} is at ${row.step}. The reason goes into its history.`}
        confirmLabel="Move back"
      >
        <TextField
          id={`move-back-step-${row.guid}`}
          select
          fullWidth
          label="Back to"
          value={toStep}
          onChange={(event) => setToStep(event.target.value as ReconciliationStep)}
          sx={{ mb: 2 }}
        >
          {earlier.map((step) => (
            <MenuItem key={step} value={step}>
              {step}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id={`move-back-reason-${row.guid}`}
          fullWidth
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormDialog>
    </Stack>
  );
}
