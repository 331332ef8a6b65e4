import type { InboxAttachment, InboxEmail } from '@bp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { LoadingState } from '../../ui/index.ts';
import { saveBlob } from '../client-records/download.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { useAttachmentFile } from './inbox-api.ts';
import { renderFirstPage } from './pdf-first-page.ts';

const PREVIEW_WIDTH = 560;

/** A PDF's first page drawn on a canvas; the browser's download when it cannot be drawn. */
function PdfFirstPage({ blob, name }: { blob: Blob; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  useEffect(() => {
    let cancelled = false;
    setState('drawing');
    void (async () => {
      try {
        if (!canvas.current) return;
        await renderFirstPage(await blob.arrayBuffer(), canvas.current, PREVIEW_WIDTH);
        if (!cancelled) setState('drawn');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [blob]);
  return (
    <Box>
      {state === 'drawing' ? <LoadingState label={`Drawing the first page of ${name}…`} /> : null}
      {state === 'failed' ? (
        <Alert severity="info">The first page of {name} cannot be shown here. Download it to read it.</Alert>
      ) : null}
      <canvas
        ref={canvas}
        role="img"
        aria-label={`First page of ${name}`}
        style={{ width: '100%', display: state === 'drawn' ? 'block' : 'none', border: '1px solid #ddd' }}
      />
    </Box>
  );
}

/** An image inline, as its own object URL (released when the preview closes). */
function ImagePreview({ blob, name }: { blob: Blob; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url ? (
    <Box component="img" src={url} alt={name} sx={{ maxWidth: '100%', border: 1, borderColor: 'divider' }} />
  ) : null;
}

function FilePreview({ email, file }: { email: InboxEmail; file: InboxAttachment }) {
  const bytes = useAttachmentFile(email, file.guid);
  if (bytes.isPending) return <LoadingState label={`Loading ${file.file_name}…`} />;
  if (bytes.isError)
    return (
      <Alert severity="error">
        {file.file_name} could not be loaded. {apiErrorMessage(bytes.error)}
      </Alert>
    );
  const { blob } = bytes.data;
  if (file.mime_type === 'application/pdf') return <PdfFirstPage blob={blob} name={file.file_name} />;
  if (file.mime_type.startsWith('image/')) return <ImagePreview blob={blob} name={file.file_name} />;
  return (
    <Alert severity="info">
      No preview for this kind of file.{' '}
      <Box
        component="button"
        type="button"
        onClick={() => saveBlob(blob, file.file_name)}
        sx={{
          border: 0,
          background: 'none',
          color: 'primary.main',
          cursor: 'pointer',
          p: 0,
          textDecoration: 'underline',
        }}
      >
        Download {file.file_name}
      </Box>
    </Alert>
  );
}

/**
 * The e-mail's attachments previewed inline (a PDF's first page, images), one at a time: chips choose
 * which. A file that cannot become a bill's is marked so.
 */
export function AttachmentPreview({ email, initial }: { email: InboxEmail; initial?: string | null }) {
  const [chosen, setChosen] = useState<string | null>(initial ?? email.attachments[0]?.guid ?? null);
  const file = email.attachments.find((a) => a.guid === chosen) ?? email.attachments[0];
  if (!file)
    return (
      <Typography color="text.secondary" variant="body2">
        This e-mail has no attachments.
      </Typography>
    );
  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}
        aria-label="Attachments"
      >
        {email.attachments.map((a) => (
          <Chip
            key={a.guid}
            label={a.convertible ? a.file_name : `${a.file_name} (cannot become a bill's)`}
            color={a.guid === file.guid ? 'primary' : 'default'}
            variant={a.guid === file.guid ? 'filled' : 'outlined'}
            onClick={() => setChosen(a.guid)}
            aria-pressed={a.guid === file.guid}
          />
        ))}
      </Stack>
      <FilePreview key={file.guid} email={email} file={file} />
    </Box>
  );
}
