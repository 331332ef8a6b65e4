import { type Report, reportsRoutes } from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { REPORT_FILE_ACCEPT, reportFileProblem } from './report-file.ts';

/** Uploads a file to a report; a file named like one it has becomes that file's next version. */
export function UploadReportFileDialog({
  report,
  onUploaded,
  onClose,
}: {
  report: Report | null;
  onUploaded: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async ({ target, chosen }: { target: Report; chosen: File }) => {
      const formData = new FormData();
      formData.append('file', chosen);
      const created = await api.call(reportsRoutes.postReportsClientReportFiles, {
        params: { clientGuid: target.client.guid, reportGuid: target.guid },
        body: formData,
      });
      await onUploaded();
      return created;
    },
    onMutate: () => setProblem(null),
    onSuccess: (created) => {
      toast.success(`${created.original_name} uploaded (version ${created.version}).`);
      close();
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });
  function close() {
    setFile(null);
    setProblem(null);
    onClose();
  }
  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const reason = reportFileProblem(chosen);
    setProblem(reason);
    setFile(reason ? null : chosen);
  };
  return (
    <FormDialog
      open={report !== null}
      pending={upload.isPending}
      problem={problem}
      onClose={close}
      onSubmit={(event) => {
        event.preventDefault();
        if (report && file) upload.mutate({ target: report, chosen: file });
        else setProblem('Choose a file to upload.');
      }}
      titleId={titleId}
      title={`Upload a file to ${report?.name ?? 'the report'}`}
      description="PDF, Excel, Word or an image, up to 25 MB. A file with the name of one already there becomes its next version."
      confirmLabel="Upload"
    >
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" disabled={upload.isPending} onClick={() => inputRef.current?.click()}>
          Choose file
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={REPORT_FILE_ACCEPT}
          hidden
          aria-label="Report file"
          onChange={onFileChosen}
        />
        {file ? <Typography sx={{ mt: 1 }}>{file.name}</Typography> : null}
        {upload.isPending ? <LinearProgress aria-label="Uploading" sx={{ mt: 2 }} /> : null}
      </Box>
    </FormDialog>
  );
}
