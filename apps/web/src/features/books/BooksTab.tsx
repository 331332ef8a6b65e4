import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { EmptyState, errorMessageOf, QueryStates } from '../../ui/index.ts';
import { useEntityChoices } from '../shared/form/useBookChoices.ts';
import { AccountsPanel } from './AccountsPanel.tsx';
import { BankLinesPanel } from './BankLinesPanel.tsx';
import { JournalPanel } from './JournalPanel.tsx';
import { LedgerPostingSwitch } from './LedgerPostingSwitch.tsx';
import { PeriodReports } from './PeriodReports.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';
import { RulesPanel } from './RulesPanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';

const PANELS = [
  { value: 'accounts', label: 'Accounts' },
  { value: 'bank', label: 'Bank transactions' },
  { value: 'journal', label: 'Journal' },
  { value: 'rules', label: 'Rules' },
  { value: 'templates', label: 'Templates' },
  { value: 'reports', label: 'Reports' },
] as const;

/** The entity choice that shows the client's entities combined (reports only). */
const COMBINED = 'combined';
type Panel = (typeof PANELS)[number]['value'];

/**
 * The Books tab of the staff client page (issue 17): an entity's accounts, bank transactions, journal,
 * feeder rules, templates and pipelines, and reports; or the reports of all its entities combined.
 */
export function BooksTab({ clientGuid }: { clientGuid: string }) {
  const entities = useEntityChoices(clientGuid);
  const [picked, setPicked] = useState('');
  const [panel, setPanel] = useState<Panel>('accounts');
  return (
    <QueryStates
      query={entities}
      loadingLabel="Loading entities…"
      errorMessage={errorMessageOf}
      isEmpty={(page) => page.results.length === 0}
      empty={<EmptyState title="No entities">Add an entity to keep its books.</EmptyState>}
    >
      {(page) => {
        const combined = picked === COMBINED;
        const entityGuid = combined ? '' : picked || page.results[0]?.guid || '';
        const books = { clientGuid, entityGuid };
        return (
          <Stack spacing={2}>
            <TextField
              select
              id="books-entity"
              label="Entity"
              value={entityGuid}
              onChange={(event) => setPicked(event.target.value)}
              sx={{ maxWidth: 360 }}
            >
              {page.results.map((entity) => (
                <MenuItem key={entity.guid} value={entity.guid}>
                  {entity.nickname}
                </MenuItem>
              ))}
              {page.results.length > 1 ? (
                <MenuItem value={COMBINED}>All entities (combined reports)</MenuItem>
              ) : null}
            </TextField>
            <LedgerPostingSwitch clientGuid={clientGuid} />
            {combined ? <PeriodReports clientGuid={clientGuid} entityGuid={null} /> : null}
            {combined ? null : (
              <>
                <Tabs
                  value={panel}
                  onChange={(_event, next: Panel) => setPanel(next)}
                  aria-label="Books"
                  sx={{ borderBottom: 1, borderColor: 'divider' }}
                >
                  {PANELS.map((p) => (
                    <Tab
                      key={p.value}
                      value={p.value}
                      label={p.label}
                      id={`books-tab-${p.value}`}
                      aria-controls={`books-panel-${p.value}`}
                    />
                  ))}
                </Tabs>
                <Box role="tabpanel" id={`books-panel-${panel}`} aria-labelledby={`books-tab-${panel}`}>
                  {panel === 'accounts' && <AccountsPanel books={books} />}
                  {panel === 'bank' && <BankLinesPanel books={books} />}
                  {panel === 'journal' && <JournalPanel books={books} />}
                  {panel === 'rules' && <RulesPanel books={books} />}
                  {panel === 'templates' && <TemplatesPanel books={books} />}
                  {panel === 'reports' && <ReportsPanel books={books} />}
                </Box>
              </>
            )}
          </Stack>
        );
      }}
    </QueryStates>
  );
}
