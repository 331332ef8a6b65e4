import type { EventLog } from '@bp/contracts';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  type DataColumn,
  DataTable,
  type DataTablePaging,
  EmptyState,
  PageTitle,
  QueryStates,
} from '../../ui/index.ts';
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
          <AuditTable
            logs={data.results}
            paging={{
              count: data.count,
              page,
              pageSize: EVENT_LOGS_PAGE_SIZE,
              onPageChange: setPage,
            }}
            updating={logs.isFetching}
          />
        )}
      </QueryStates>
    </>
  );
}

function sameFilters(a: EventLogFilters, b: EventLogFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof EventLogFilters)[]);
  return [...keys].every((key) => a[key] === b[key]);
}

/** The log, newest first: a row per change, its changed fields folded under it until asked for. */
function AuditTable({
  logs,
  paging,
  updating,
}: {
  logs: readonly EventLog[];
  paging: DataTablePaging;
  updating: boolean;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (guid: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(guid)) next.add(guid);
      return next;
    });
  const columns: DataColumn<EventLog>[] = [
    {
      key: 'when',
      header: 'When',
      cellSx: { whiteSpace: 'nowrap' },
      render: (log) => <WhenCell log={log} />,
    },
    { key: 'who', header: 'Who', render: (log) => <WhoCell log={log} /> },
    { key: 'action', header: 'Action', render: (log) => sentenceOf(log.action) },
    { key: 'object', header: 'Object', render: (log) => <ObjectCell log={log} /> },
    {
      key: 'changes',
      header: 'Changes',
      render: (log) => (
        <ChangesToggle log={log} open={open.has(log.guid)} onToggle={() => toggle(log.guid)} />
      ),
    },
  ];
  return (
    <DataTable
      label="Audit history"
      columns={columns}
      rows={logs}
      rowKey={(log) => log.guid}
      paging={paging}
      updating={updating}
      rowDetail={(log) => {
        const lines = changeLines(log.changes);
        if (lines.length === 0) return null;
        return (
          <Collapse in={open.has(log.guid)} timeout="auto" unmountOnExit>
            <List dense id={`changes-${log.guid}`} aria-label="Changed fields" sx={{ pl: 2 }}>
              {lines.map((line) => (
                <ListItem key={line} sx={{ fontFamily: 'monospace', fontSize: 13, py: 0.25 }}>
                  {line}
                </ListItem>
              ))}
            </List>
          </Collapse>
        );
      }}
    />
  );
}

function WhenCell({ log }: { log: EventLog }) {
  const when = whenOf(log.created_on);
  return (
    <>
      <Typography variant="body2">{when.date}</Typography>
      <Typography variant="body2" color="text.secondary">
        {when.time}
      </Typography>
    </>
  );
}

function WhoCell({ log }: { log: EventLog }) {
  const who = whoOf(log);
  return (
    <>
      <Typography variant="body2">{who.name}</Typography>
      {who.detail ? (
        <Typography variant="body2" color="warning.main">
          {who.detail}
        </Typography>
      ) : null}
    </>
  );
}

function ObjectCell({ log }: { log: EventLog }) {
  return (
    <>
      <Typography variant="body2">{sentenceOf(log.object_type)}</Typography>
      {log.client ? (
        <Typography variant="body2" color="text.secondary">
          {log.client.name}
        </Typography>
      ) : null}
    </>
  );
}

function ChangesToggle({ log, open, onToggle }: { log: EventLog; open: boolean; onToggle: () => void }) {
  const lines = changeLines(log.changes);
  const when = whenOf(log.created_on);
  const action = sentenceOf(log.action);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton
        size="small"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={`changes-${log.guid}`}
        aria-label={`${open ? 'Hide' : 'Show'} changes of ${action} on ${when.date} ${when.time}`}
      >
        {open ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
      </IconButton>
      <Typography variant="body2">{lines.length === 1 ? '1 field' : `${lines.length} fields`}</Typography>
    </Box>
  );
}
