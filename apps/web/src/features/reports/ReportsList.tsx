import {
  DEFAULT_PAGE_SIZE,
  REPORT_TYPES,
  type Report,
  type ReportFile,
  type ReportType,
  reportsRoutes,
} from '@bp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { type DataColumn, DataTable, EmptyState, QueryStates, useToast } from '../../ui/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';
import { GenerateReportDialog, isGenerated } from './GenerateReportDialog.tsx';
import { periodLabel, REPORT_STATUS_LABELS, REPORT_TYPE_LABELS } from './labels.ts';
import { MoveBackDialog } from './MoveBackDialog.tsx';
import { saveFile } from './report-file.ts';
import { useInvalidateReports, useReportList } from './reports-api.ts';
import { UploadReportFileDialog } from './UploadReportFileDialog.tsx';

export type ReportsScope = { clientGuid: string } | { organizationGuid: string };

export interface ReportsListProps {
  scope: ReportsScope;
  /** Staff with reports.manage: upload, generate, move back. */
  canManage: boolean;
  type: ReportType | '';
  onTypeChange: (type: ReportType | '') => void;
}

/** Reports with their newest files (each a download), filtered by type and year, paged by the API. */
export function ReportsList({ scope, canManage, type, onTypeChange }: ReportsListProps) {
  const { api } = useSession();
  const toast = useToast();
  const invalidate = useInvalidateReports();
  const [page, setPage] = useState(0);
  const [ordering, setOrdering] = useState('-period');
  const [year, setYear] = useState('');
  const [uploading, setUploading] = useState<Report | null>(null);
  const [generating, setGenerating] = useState<Report | null>(null);
  const [movingBack, setMovingBack] = useState<Report | null>(null);
  const filters = { ...(type ? { type } : {}), ...(/^\d{4}$/.test(year) ? { year: Number(year) } : {}) };
  const list = useReportList(scope, { page: page + 1, ordering, ...filters });

  const download = async (report: Report, file: ReportFile) => {
    try {
      const params = { clientGuid: report.client.guid, reportGuid: report.guid, reportFileGuid: file.guid };
      saveFile(
        await api.call(reportsRoutes.getReportsClientReportFileDownload, { params }),
        file.original_name,
      );
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const query = { format, ...filters };
      const file =
        'clientGuid' in scope
          ? await api.call(reportsRoutes.getReportsClientReportsExport, { params: scope, query })
          : await api.call(reportsRoutes.getReportsOrganizationReportsExport, { params: scope, query });
      saveFile(file, `reports.${format}`);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

  const columns = (() => {
    const all: DataColumn<Report>[] = [
      { key: 'name', header: 'Name', sortField: 'name', rowHeader: true, render: (r) => r.name },
      { key: 'type', header: 'Type', sortField: 'type', render: (r) => REPORT_TYPE_LABELS[r.type] },
      {
        key: 'period',
        header: 'Period',
        sortField: 'period',
        render: (r) => periodLabel(r.period_year, r.period_month),
      },
      { key: 'status', header: 'Status', render: (r) => REPORT_STATUS_LABELS[r.status] },
      {
        key: 'files',
        header: 'Files',
        render: (r) =>
          r.files.length === 0
            ? 'None yet'
            : r.files.map((f) => (
                <Box key={f.guid}>
                  <Button
                    size="small"
                    onClick={() => void download(r, f)}
                    aria-label={`Download ${f.original_name} version ${f.version}`}
                    sx={{ textTransform: 'none' }}
                  >
                    {f.original_name} (v{f.version})
                  </Button>
                </Box>
              )),
      },
    ];
    if (!('clientGuid' in scope)) {
      all.splice(1, 0, {
        key: 'client',
        header: 'Client',
        render: (r) => (
          <Link component={RouterLink} to={`/reports/client/${r.client.guid}`}>
            {r.client.name}
          </Link>
        ),
      });
    }
    return all;
  })();

  return (
    <Box component="section" aria-label="Reports">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          id="reports-type"
          label="Type"
          value={type}
          onChange={(event) => {
            onTypeChange(event.target.value as ReportType | '');
            setPage(0);
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All types</MenuItem>
          {REPORT_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {REPORT_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          id="reports-year"
          label="Year"
          value={year}
          onChange={(event) => {
            setYear(event.target.value.replace(/\D/g, '').slice(0, 4));
            setPage(0);
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 120 }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" onClick={() => void exportAs('csv')}>
          Export CSV
        </Button>
        <Button variant="outlined" onClick={() => void exportAs('xlsx')}>
          Export XLSX
        </Button>
      </Stack>
      <QueryStates
        query={list}
        loadingLabel="Loading reports…"
        errorMessage={apiErrorMessage}
        isEmpty={(data) => data.results.length === 0 && page === 0}
        empty={
          <EmptyState title={type || year ? 'No reports match these filters.' : 'No reports yet.'}>
            Check registers, cash flow, statements and other reports will be listed here.
          </EmptyState>
        }
      >
        {(data) => (
          <DataTable
            label="Reports"
            columns={columns}
            rowKey={(r) => r.guid}
            rows={data.results}
            ordering={ordering}
            onOrderingChange={(next) => {
              setOrdering(next);
              setPage(0);
            }}
            paging={{ count: data.count, page, pageSize: DEFAULT_PAGE_SIZE, onPageChange: setPage }}
            updating={list.isFetching}
            {...(canManage
              ? {
                  actions: (r: Report) => (
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        onClick={() => setUploading(r)}
                        aria-label={`Upload a file to ${r.name}`}
                      >
                        Upload
                      </Button>
                      {isGenerated(r) ? (
                        <Button
                          size="small"
                          onClick={() => setGenerating(r)}
                          aria-label={`Generate ${r.name}`}
                        >
                          Generate
                        </Button>
                      ) : null}
                      {r.status !== 'draft' ? (
                        <Tooltip title="Move back one status">
                          <IconButton
                            size="small"
                            onClick={() => setMovingBack(r)}
                            aria-label={`Move ${r.name} back`}
                          >
                            ↩
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </Stack>
                  ),
                }
              : {})}
          />
        )}
      </QueryStates>
      <UploadReportFileDialog report={uploading} onUploaded={invalidate} onClose={() => setUploading(null)} />
      <GenerateReportDialog
        report={generating}
        onGenerated={invalidate}
        onClose={() => setGenerating(null)}
      />
      <MoveBackDialog report={movingBack} onMoved={invalidate} onClose={() => setMovingBack(null)} />
    </Box>
  );
}
