import { BILL_ATTACHMENT_MAX_BYTES, type BillAttachment, billsRoutes } from '@bp/contracts';
import { ATTACHMENT_ACCEPT, formatDate, isAcceptedAttachment } from '@bp/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  useConfirmTarget,
  useToast,
} from '../../../ui/index.ts';
import { downloadFile } from '../../client-records/index.ts';
import { apiErrorMessage } from '../../shared/api-errors.ts';
import { billQueryKey } from '../shared/bill-api.ts';
import { billPartKey, personName } from './api.ts';
import { billAttachmentsQuery } from './bill-queries.ts';
import { Section } from './Section.tsx';

export const ATTACHMENT_TYPE_PROBLEM =
  'Choose a PDF, Excel (xls, xlsx) or Word (doc, docx) file, an image, a video or an audio file.';
export const ATTACHMENT_SIZE_PROBLEM = `The file is too large. Choose one of ${BILL_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB or less.`;

/** Why a file cannot be attached, checked before sending; the server checks the content again. */
export function attachmentProblem(file: File): string | null {
  if (!isAcceptedAttachment(file.name, file.type || null)) return ATTACHMENT_TYPE_PROBLEM;
  if (file.size > BILL_ATTACHMENT_MAX_BYTES) return ATTACHMENT_SIZE_PROBLEM;
  if (file.size === 0) return 'The file is empty. Choose another one.';
  return null;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The bill's files: download, upload (unless read-only) and delete after confirmation
 * (staff delete any, client users their own uploads).
 */
export function BillAttachments({
  clientGuid,
  billGuid,
  staff,
  readOnly,
}: {
  clientGuid: string;
  billGuid: string;
  staff: boolean;
  readOnly: boolean;
}) {
  const { api, profile, claims } = useSession();
  const me = profile?.guid ?? claims?.sub ?? null;
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmTarget<BillAttachment>();
  const params = { clientGuid, billGuid };
  const key = billPartKey(clientGuid, billGuid, 'attachments');

  const attachments = useQuery(billAttachmentsQuery(api, clientGuid, billGuid));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    // Events record uploads and deletions.
    await queryClient.invalidateQueries({ queryKey: billPartKey(clientGuid, billGuid, 'events') });
  };

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return api.call(billsRoutes.postBillingClientBillAttachments, { params, body: formData });
    },
    onMutate: () => setProblem(null),
    onSuccess: async (_, file) => {
      toast.success(`${file.name} attached.`);
      await refresh();
    },
    onError: (error) => setProblem(apiErrorMessage(error)),
  });

  const remove = useMutation({
    mutationFn: (attachment: BillAttachment) =>
      api.call(billsRoutes.deleteBillingClientBillAttachment, {
        params: { ...params, attachmentGuid: attachment.guid },
      }),
    onSuccess: async (_, attachment) => {
      toast.success(`${attachment.original_name} deleted.`);
      confirm.close();
      await refresh();
      await queryClient.invalidateQueries({ queryKey: billQueryKey(clientGuid, billGuid), exact: true });
    },
    onError: (error) => {
      toast.error(apiErrorMessage(error));
      confirm.close();
    },
  });

  const download = async (attachment: BillAttachment) => {
    try {
      await downloadFile(
        api,
        billsRoutes.getBillingClientBillAttachmentDownload,
        { params: { ...params, attachmentGuid: attachment.guid } },
        attachment.original_name,
      );
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const reason = attachmentProblem(file);
    if (reason) setProblem(reason);
    else upload.mutate(file);
  };

  const mayDelete = (attachment: BillAttachment) =>
    !readOnly && (staff || (me !== null && attachment.uploaded_by?.guid === me));

  return (
    <Section
      title="Attachments"
      actions={
        readOnly ? null : (
          <>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              loading={upload.isPending}
              onClick={() => inputRef.current?.click()}
            >
              Upload file
            </Button>
            <input
              ref={inputRef}
              type="file"
              accept={ATTACHMENT_ACCEPT}
              hidden
              aria-label="Attachment file"
              onChange={onFileChosen}
            />
          </>
        )
      }
    >
      {readOnly ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
          PDF, Excel, Word, images, video or audio, up to {BILL_ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB.
        </Typography>
      )}
      {upload.isPending ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Uploading {upload.variables?.name}…
          </Typography>
          <LinearProgress aria-label="Uploading" sx={{ mt: 1 }} />
        </Box>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
      {attachments.isPending ? (
        <LoadingState label="Loading attachments…" />
      ) : attachments.isError ? (
        <ErrorState message={apiErrorMessage(attachments.error)} onRetry={() => void attachments.refetch()} />
      ) : attachments.data.length === 0 ? (
        <EmptyState title="No attachments yet." />
      ) : (
        <List aria-label="Attachments" dense>
          {attachments.data.map((attachment) => (
            <ListItem
              key={attachment.guid}
              divider
              secondaryAction={
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Tooltip title="Download">
                    <IconButton
                      aria-label={`Download ${attachment.original_name}`}
                      onClick={() => void download(attachment)}
                    >
                      <DownloadIcon />
                    </IconButton>
                  </Tooltip>
                  {mayDelete(attachment) ? (
                    <Tooltip title="Delete">
                      <IconButton
                        aria-label={`Delete ${attachment.original_name}`}
                        onClick={() => confirm.ask(attachment)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </Box>
              }
            >
              <ListItemText
                primary={attachment.original_name}
                secondary={`${formatBytes(attachment.size_bytes)} · ${personName(attachment.uploaded_by, 'Unknown')} · ${formatDate(attachment.created_on)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={confirm.open}
        title="Delete attachment?"
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => confirm.target && remove.mutate(confirm.target)}
        onClose={confirm.close}
      >
        {confirm.target?.original_name} will be removed from this bill. The history keeps a record of it.
      </ConfirmDialog>
    </Section>
  );
}
