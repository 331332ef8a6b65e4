import { type Report, reportsRoutes } from '@bp/contracts';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage, isApiError } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { REPORT_STATUS_LABELS } from './labels.ts';

const BACK = { sent: 'ready', ready: 'draft', draft: null } as const;

/** Moves a report one status back (sent → ready → draft); the reason goes into its history. */
export function MoveBackDialog({
  report,
  onMoved,
  onClose,
}: {
  report: Report | null;
  onMoved: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: async (target: Report) => {
      await api.call(reportsRoutes.postReportsClientReportMoveBack, {
        params: { clientGuid: target.client.guid, reportGuid: target.guid },
        body: { reason },
      });
      await onMoved();
    },
    onSuccess: () => {
      toast.success('Report moved back.');
      close();
    },
    onError: (error) => {
      const body = isApiError(error, 400) ? (error.body as { reason?: string[] } | null) : null;
      if (body?.reason?.[0]) setReasonError(body.reason[0]);
      else setProblem(apiErrorMessage(error));
    },
  });
  function close() {
    setReason('');
    setReasonError(null);
    setProblem(null);
    onClose();
  }
  const back = report ? BACK[report.status] : null;
  return (
    <FormDialog
      open={report !== null}
      pending={move.isPending}
      problem={problem}
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) setReasonError('Say why the report moves back.');
        else if (report) move.mutate(report);
      }}
      titleId={titleId}
      title="Move the report back?"
      description={
        report && back
          ? `${report.name} goes from ${REPORT_STATUS_LABELS[report.status]} back to ${REPORT_STATUS_LABELS[back]}.`
          : ''
      }
      confirmLabel="Move back"
    >
      <TextField
        id="move-back-reason"
        label="Reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError !== null}
        helperText={reasonError}
        required
        fullWidth
        multiline
        minRows={2}
        sx={{ mt: 2 }}
      />
    </FormDialog>
  );
}
