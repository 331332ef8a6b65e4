import { type ClientDocument, clientRecordsRoutes, DEFAULT_PAGE_SIZE, entitiesRoutes } from '@bp/contracts';
import { formatDate } from '@bp/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, QueryStates, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { ConfirmActionDialog } from './ConfirmActionDialog.tsx';
import { NO_VALUE } from './display.ts';
import { formatBytes } from './document-file.ts';
import { downloadFile } from './download.ts';
import { UploadDocumentDialog } from './UploadDocumentDialog.tsx';
import { useChoices, useInvalidateList, usePagedList } from './usePagedList.ts';

/** A client's files: list, upload (checked first), download under the original name, delete. */
export function DocumentsTab({ clientGuid, readOnly = false }: { clientGuid: string; readOnly?: boolean }) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateList();
  const documents = { route: clientRecordsRoutes.getAccountsClientDocuments, params: { clientGuid } };
  const [page, setPage] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<ClientDocument | null>(null);
  const list = usePagedList(documents, { page: page + 1 });
  const entities = useChoices({ route: entitiesRoutes.getAccountsClientEntities, params: { clientGuid } });
  const entityRows = entities.data?.results;

  const download = async (doc: ClientDocument) => {
    try {
      await downloadFile(
        api,
        clientRecordsRoutes.getAccountsClientDocumentDownload,
        { params: { clientGuid, documentGuid: doc.guid } },
        doc.original_name,
      );
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

  const columns = useMemo<DataColumn<ClientDocument>[]>(() => {
    const nickname = new Map((entityRows ?? []).map((e) => [e.guid, e.nickname]));
    return [
      { key: 'name', header: 'Name', render: (row) => row.original_name },
      { key: 'size', header: 'Size', align: 'right', render: (row) => formatBytes(row.size_bytes) },
      { key: 'uploaded', header: 'Uploaded', render: (row) => formatDate(row.created_on) },
      {
        key: 'entity',
        header: 'Entity',
        render: (row) => (row.entity ? (nickname.get(row.entity) ?? NO_VALUE) : NO_VALUE),
      },
    ];
  }, [entityRows]);

  const rows = list.data?.results ?? [];
  return (
    <Box component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Documents
        </Typography>
        {readOnly ? null : (
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
            Upload document
          </Button>
        )}
      </Box>
      <QueryStates
        query={list}
        loadingLabel="Loading documents…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0 && page === 0}
        empty={
          <EmptyState title="No documents yet.">
            Statements, tax forms and other files of this client will be listed here.
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Documents"
            columns={columns}
            rowKey={(row) => row.guid}
            rows={rows}
            paging={{
              count: data.count,
              page: page,
              pageSize: DEFAULT_PAGE_SIZE,
              onPageChange: setPage,
            }}
            updating={list.isFetching}
            actions={(row) => (
              <>
                <Tooltip title="Download">
                  <IconButton
                    aria-label={`Download ${row.original_name}`}
                    size="small"
                    onClick={() => download(row)}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                {readOnly ? null : (
                  <Tooltip title="Delete">
                    <IconButton
                      aria-label={`Delete ${row.original_name}`}
                      size="small"
                      onClick={() => setDeleting(row)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </>
            )}
          />
        )}
      </QueryStates>
      {readOnly ? null : (
        <>
          <UploadDocumentDialog
            open={uploading}
            clientGuid={clientGuid}
            entities={entityRows ?? []}
            onUploaded={() => invalidate(documents)}
            onClose={() => setUploading(false)}
          />
          <ConfirmActionDialog
            open={deleting !== null}
            title={`Delete ${deleting?.original_name ?? 'document'}?`}
            message="The file will be removed for everyone. This cannot be undone."
            confirmLabel="Delete"
            successMessage="Document deleted."
            onConfirm={async () => {
              if (!deleting) return;
              await api.call(clientRecordsRoutes.deleteAccountsClientDocument, {
                params: { clientGuid, documentGuid: deleting.guid },
              });
              if (rows.length === 1 && page > 0) setPage(page - 1);
              await invalidate(documents);
            }}
            onClose={() => setDeleting(null)}
          />
        </>
      )}
    </Box>
  );
}
