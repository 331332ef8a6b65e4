import { type Report, reportsRoutes } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage, isApiError } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { useJob } from './reports-api.ts';

/** The formats each generated type offers (the API checks the same). */
const FORMATS: Record<string, { value: 'pdf' | 'xlsx' | 'csv'; label: string }[]> = {
  check_registers: [
    { value: 'pdf', label: 'PDF' },
    { value: 'xlsx', label: 'Excel (XLSX)' },
  ],
  cash_flow: [
    { value: 'pdf', label: 'PDF' },
    { value: 'xlsx', label: 'Excel (XLSX)' },
  ],
  printed_checks: [
    { value: 'pdf', label: 'Checks to print (PDF)' },
    { value: 'csv', label: 'Positive pay (CSV)' },
  ],
};

const TITLES: Record<string, string> = {
  check_registers: 'Generate check register',
  cash_flow: 'Generate cash flow',
  printed_checks: 'Print checks',
};

export const isGenerated = (report: Report) => report.type in FORMATS;

const pad = (n: number) => String(n).padStart(2, '0');
/** The report's own period as dates: its month, or its whole year. */
function periodOf(report: Report) {
  const y = report.period_year;
  if (report.period_month === null) return { from: `${y}-01-01`, to: `${y}-12-31` };
  const last = new Date(Date.UTC(y, report.period_month, 0)).getUTCDate();
  return { from: `${y}-${pad(report.period_month)}-01`, to: `${y}-${pad(report.period_month)}-${pad(last)}` };
}

type Fields = Record<string, string>;

/**
 * Queues the generation of a check register or printed checks on the job runner, then shows the job's
 * progress until the file is stored on the report.
 */
export function GenerateReportDialog({
  report,
  onGenerated,
  onClose,
}: {
  report: Report | null;
  onGenerated: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const [values, setValues] = useState<Fields>({});
  const [errors, setErrors] = useState<Fields>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const state = job.data?.state;

  useEffect(() => {
    if (report)
      setValues({
        ...periodOf(report),
        format: 'pdf',
        routing_number: '',
        account_number: '',
        first_check_number: '',
      });
  }, [report]);
  useEffect(() => {
    if (state === 'completed') {
      void onGenerated();
      toast.success(`${String(job.data?.result?.file_name ?? 'The file')} is ready.`);
    }
  }, [state, job.data, onGenerated, toast]);

  const start = useMutation({
    mutationFn: async (target: Report) => {
      const checks = target.type === 'printed_checks';
      const answer = await api.call(reportsRoutes.postReportsClientReportGenerate, {
        params: { clientGuid: target.client.guid, reportGuid: target.guid },
        body: {
          from: values.from ?? '',
          // The cash flow covers twelve months from its start; it has no end of its own.
          to: target.type === 'cash_flow' ? (values.from ?? '') : (values.to ?? ''),
          format: (values.format ?? 'pdf') as 'pdf' | 'xlsx' | 'csv',
          ...(checks ? { routing_number: values.routing_number, account_number: values.account_number } : {}),
          ...(checks && values.first_check_number
            ? { first_check_number: Number(values.first_check_number) }
            : {}),
        },
      });
      return answer.job_id;
    },
    onMutate: () => {
      setProblem(null);
      setErrors({});
    },
    onSuccess: setJobId,
    onError: (error) => {
      if (isApiError(error, 400) && error.body && typeof error.body === 'object') {
        const found: Fields = {};
        for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
          found[key] = Array.isArray(value) ? String(value[0]) : String(value);
        }
        setErrors(found);
        if (Object.keys(found).some((k) => !(k in values))) setProblem(Object.values(found).join(' '));
      } else setProblem(apiErrorMessage(error));
    },
  });

  function close() {
    setJobId(null);
    setProblem(null);
    setErrors({});
    onClose();
  }
  const running = jobId !== null && state !== 'completed' && state !== 'failed';
  const field = (name: string, label: string, type = 'text') => (
    <TextField
      id={`generate-${name}`}
      label={label}
      type={type}
      value={values[name] ?? ''}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      disabled={jobId !== null}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : {}}
      fullWidth
    />
  );
  const progress = job.data?.progress;
  return (
    <FormDialog
      open={report !== null}
      pending={start.isPending || running}
      problem={problem}
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (jobId !== null) close();
        else if (report) start.mutate(report);
      }}
      titleId={titleId}
      title={TITLES[report?.type ?? ''] ?? 'Generate the report'}
      description={
        report?.type === 'cash_flow'
          ? 'Committed outflow by category and the bills paid, for the twelve months from the start date.'
          : 'The bills paid by check in the period; the file is added to the report when it is ready.'
      }
      confirmLabel={jobId !== null ? 'Close' : 'Generate'}
    >
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Stack direction="row" spacing={2}>
          {field('from', 'From', 'date')}
          {report?.type === 'cash_flow' ? null : field('to', 'To', 'date')}
        </Stack>
        <TextField
          select
          id="generate-format"
          label="Format"
          value={values.format ?? 'pdf'}
          onChange={(event) => setValues({ ...values, format: event.target.value })}
          disabled={jobId !== null}
          error={errors.format !== undefined}
          helperText={errors.format}
        >
          {(FORMATS[report?.type ?? ''] ?? []).map((f) => (
            <MenuItem key={f.value} value={f.value}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
        {report?.type === 'printed_checks' ? (
          <>
            {field('routing_number', 'Routing number')}
            {field('account_number', 'Account number')}
            {field('first_check_number', 'First check number')}
          </>
        ) : null}
        {jobId !== null ? (
          <Box aria-live="polite">
            {state === 'failed' ? (
              <Alert severity="error">{job.data?.error ?? 'The job failed.'}</Alert>
            ) : state === 'completed' ? (
              <Alert severity="success">
                {String(job.data?.result?.file_name ?? 'The file')} was added to the report.
              </Alert>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  {progress?.message ?? 'Waiting for the job runner…'}
                </Typography>
                <LinearProgress
                  aria-label="Generating"
                  variant={progress ? 'determinate' : 'indeterminate'}
                  value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0}
                  sx={{ mt: 1 }}
                />
              </>
            )}
          </Box>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
