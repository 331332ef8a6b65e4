import type { EventLog } from '@bp/contracts';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box,
  Collapse,
  IconButton,
  List,
  ListItem,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { EmptyState, PagedTableFooter, PageTitle, QueryStates, TableFrame } from '../../ui/index.ts';
import { WithOrganization } from '../settings/WithOrganization.tsx';
import { apiErrorMessage, isApiError } from '../shared/api-errors.ts';
import { PageIntro } from '../shared/PageIntro.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { changeLines, sentenceOf, whenOf, whoOf } from './audit-format.ts';
import { EVENT_LOGS_PAGE_SIZE, type EventLogFilters, useEventLogs } from './useEventLogs.ts';

export const NO_AUDIT_PERMISSION =
  'You do not have permission to read the audit history. Ask an admin to add you to a group that may.';

/** /audit-history: who changed what in the organisation, when, and the fields before and after. */
export function AuditHistoryPage() {
  return (
    <Box sx={{ maxWidth: 1300 }}>
      <WithOrganization title="Audit History">
        {(orgGuid) => <AuditHistory orgGuid={orgGuid} />}
      </WithOrganization>
    </Box>
  );
}

function AuditHistory({ orgGuid }: { orgGuid: string }) {
  const [page, setPage] = useState(0);
  const [filters, setFilters] = useState<EventLogFilters>({});
  const logs = useEventLogs(orgGuid, page + 1, filters);
  const filtered = Object.values(filters).some((value) => value !== undefined);

  return (
    <>
      <PageTitle>Audit History</PageTitle>
      <PageIntro>Every change made in your organization, newest first.</PageIntro>
      <AuditFilters
        orgGuid={orgGuid}
        onChange={(next) => {
          // Typing a date emits on every key; only a whole date (or clearing one) changes the query.
          if (sameFilters(next, filters)) return;
          setFilters(next);
          setPage(0);
        }}
      />
      <QueryStates
        query={logs}
        loadingLabel="Loading the audit history…"
        errorMessage={(error) => (isApiError(error, 403) ? NO_AUDIT_PERMISSION : apiErrorMessage(error))}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState title={filtered ? 'No changes match these filters.' : 'No changes recorded yet.'} />
        }
      >
        {(data) => (
          <TableFrame
            label="Audit history"
            updating={logs.isFetching}
            footer={
              <PagedTableFooter
                count={data.count}
                page={page}
                pageSize={EVENT_LOGS_PAGE_SIZE}
                onPageChange={setPage}
              />
            }
          >
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Object</TableCell>
                <TableCell>Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((log) => (
                <EventRow key={log.guid} log={log} />
              ))}
            </TableBody>
          </TableFrame>
        )}
      </QueryStates>
    </>
  );
}

function sameFilters(a: EventLogFilters, b: EventLogFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof EventLogFilters)[]);
  return [...keys].every((key) => a[key] === b[key]);
}

function EventRow({ log }: { log: EventLog }) {
  const [open, setOpen] = useState(false);
  const when = whenOf(log.created_on);
  const who = whoOf(log);
  const lines = changeLines(log.changes);
  const action = sentenceOf(log.action);
  const changesId = `changes-${log.guid}`;

  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'none' : undefined }, verticalAlign: 'top' }}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <Typography variant="body2">{when.date}</Typography>
          <Typography variant="body2" color="text.secondary">
            {when.time}
          </Typography>
        </TableCell>
        <TableCell>
          <Typography variant="body2">{who.name}</Typography>
          {who.detail ? (
            <Typography variant="body2" color="warning.main">
              {who.detail}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>{action}</TableCell>
        <TableCell>
          <Typography variant="body2">{sentenceOf(log.object_type)}</Typography>
          {log.client ? (
            <Typography variant="body2" color="text.secondary">
              {log.client.name}
            </Typography>
          ) : null}
        </TableCell>
        <TableCell>
          {lines.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              —
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <IconButton
                size="small"
                onClick={() => setOpen((v) => !v)}
                aria-expanded={open}
                aria-controls={changesId}
                aria-label={`${open ? 'Hide' : 'Show'} changes of ${action} on ${when.date} ${when.time}`}
              >
                {open ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
              </IconButton>
              <Typography variant="body2">
                {lines.length === 1 ? '1 field' : `${lines.length} fields`}
              </Typography>
            </Box>
          )}
        </TableCell>
      </TableRow>
      {lines.length > 0 ? (
        <TableRow>
          <TableCell colSpan={5} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
            <Collapse in={open} timeout="auto" unmountOnExit>
              <List dense id={changesId} aria-label="Changed fields" sx={{ pl: 2 }}>
                {lines.map((line) => (
                  <ListItem key={line} sx={{ fontFamily: 'monospace', fontSize: 13, py: 0.25 }}>
                    {line}
                  </ListItem>
                ))}
              </List>
            </Collapse>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
