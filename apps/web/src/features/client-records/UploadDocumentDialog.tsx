import { clientRecordsRoutes, type Entity } from '@bp/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { DOCUMENT_ACCEPT, documentFileProblem, formatBytes } from './document-file.ts';

interface UploadDocumentDialogProps {
  open: boolean;
  /** The client the file is uploaded to. */
  clientGuid: string;
  entities: readonly Entity[];
  onUploaded: () => Promise<unknown>;
  onClose: () => void;
}

/** Choose a file (checked here for type and size first) and the entity it belongs to, then upload it. */
export function UploadDocumentDialog({
  open,
  clientGuid,
  entities,
  onUploaded,
  onClose,
}: UploadDocumentDialogProps) {
  const { api } = useSession();
  const toast = useToast();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [entity, setEntity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const formData = new FormData();
      formData.append('file', chosen);
      if (entity) formData.append('entity', entity);
      await api.call(clientRecordsRoutes.postAccountsClientDocuments, {
        params: { clientGuid },
        body: formData,
      });
      await onUploaded();
    },
    onMutate: () => setProblem(null),
    onSuccess: () => {
      toast.success('Document uploaded.');
      close();
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });

  function close() {
    setFile(null);
    setEntity('');
    setProblem(null);
    onClose();
  }

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const reason = documentFileProblem(chosen);
    setProblem(reason);
    setFile(reason ? null : chosen);
  };

  return (
    <Dialog
      open={open}
      onClose={() => !upload.isPending && close()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (file) upload.mutate(file);
          else setProblem('Choose a file to upload.');
        }}
      >
        <DialogTitle id={titleId}>Upload document</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            PDF, Excel, Word, images, video or audio, up to 25 MB.
          </DialogContentText>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={upload.isPending}
            onClick={() => inputRef.current?.click()}
          >
            Choose file
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept={DOCUMENT_ACCEPT}
            hidden
            aria-label="Document file"
            onChange={onFileChosen}
          />
          {file ? (
            <Typography sx={{ mt: 1 }}>
              {file.name} ({formatBytes(file.size)})
            </Typography>
          ) : null}
          <TextField
            select
            id={`${titleId}-entity`}
            label="Entity"
            value={entity}
            onChange={(event) => setEntity(event.target.value)}
            fullWidth
            margin="normal"
            disabled={upload.isPending}
            helperText="Optional: the entity this document belongs to."
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {entities.map((e) => (
              <MenuItem key={e.guid} value={e.guid}>
                {e.nickname}
              </MenuItem>
            ))}
          </TextField>
          {upload.isPending ? (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary">
                Uploading {file?.name}…
              </Typography>
              <LinearProgress aria-label="Uploading" sx={{ mt: 1 }} />
            </Box>
          ) : null}
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={upload.isPending} disabled={!file}>
            Upload
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
