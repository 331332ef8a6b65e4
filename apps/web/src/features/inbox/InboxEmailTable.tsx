import type { InboxEmail } from '@bp/contracts';
import { formatDate } from '@bp/domain';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type DataColumn, DataTable, type DataTablePaging } from '../../ui/index.ts';
import { convertPreBillPath } from './inbox-api.ts';

const senderOf = (email: InboxEmail) => email.from_name ?? email.from_address ?? 'Uploaded by hand';

export interface InboxEmailTableProps {
  label: string;
  rows: readonly InboxEmail[];
  paging: DataTablePaging;
  ordering: string;
  onOrderingChange: (ordering: string) => void;
  updating: boolean;
  /** The e-mail previewed beside the table. */
  previewed: string | null;
  onPreview: (email: InboxEmail) => void;
  /** Live e-mails: Convert and Archive (staff who enter bills). */
  onArchive?: (email: InboxEmail) => void;
  /** Archived e-mails: Unarchive. */
  onUnarchive?: (email: InboxEmail) => void;
}

/** Pre-bill e-mails: received, client, sender, subject and files, with the row's actions. */
export function InboxEmailTable(props: InboxEmailTableProps) {
  const { onArchive, onUnarchive, onPreview } = props;
  const columns: DataColumn<InboxEmail>[] = [
    {
      key: 'received',
      header: 'Received',
      sortField: 'received',
      render: (row) => formatDate(row.received_at),
    },
    { key: 'client', header: 'Client', render: (row) => row.client.name },
    { key: 'sender', header: 'From', sortField: 'sender', render: senderOf },
    {
      key: 'subject',
      header: 'Subject',
      sortField: 'subject',
      // The naming cell holds the keyboard's way to the preview (rows add no tab stops).
      render: (row) => (
        <Stack>
          <Link component="button" type="button" onClick={() => onPreview(row)} sx={{ textAlign: 'left' }}>
            {row.subject || '(no subject)'}
          </Link>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: 320 }}>
            {row.preview}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'files',
      header: 'Files',
      render: (row) =>
        row.attachments.length === 0 ? '—' : row.attachments.map((a) => a.file_name).join(', '),
    },
  ];
  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.guid}
      paging={props.paging}
      ordering={props.ordering}
      onOrderingChange={props.onOrderingChange}
      updating={props.updating}
      onRowClick={onPreview}
      highlightedKey={props.previewed}
      actions={
        onArchive || onUnarchive
          ? (row) => (
              <Stack direction="row" spacing={1}>
                {onArchive ? (
                  <>
                    <Button
                      size="small"
                      variant="contained"
                      component={RouterLink}
                      to={convertPreBillPath(row.client.guid, row.guid)}
                      aria-label={`Convert ${row.subject || 'the e-mail'} to a bill`}
                    >
                      Convert
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onArchive(row)}
                      aria-label={`Archive ${row.subject || 'the e-mail'}`}
                    >
                      Archive
                    </Button>
                  </>
                ) : null}
                {onUnarchive && row.bill === null ? (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onUnarchive(row)}
                    aria-label={`Unarchive ${row.subject || 'the e-mail'}`}
                  >
                    Unarchive
                  </Button>
                ) : null}
              </Stack>
            )
          : undefined
      }
    />
  );
}
