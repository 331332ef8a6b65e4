import type { Entity } from '@bp/contracts';
import { ENTITY_KIND_LABELS, labelOf } from '@bp/domain';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadingState } from '../../ui/loading-state.tsx';
import { AccountsSection } from './AccountsSection.tsx';
import { CustomersSection } from './CustomersSection.tsx';
import { DivisionsSection } from './DivisionsSection.tsx';
import { EntityArchiveAction } from './EntityArchiveAction.tsx';
import { EntitySettingsForm } from './EntitySettingsForm.tsx';
import { PaymentTermsSection } from './PaymentTermsSection.tsx';
import { VendorsSection } from './VendorsSection.tsx';

// The QuickBooks tab is its own chunk: most visits to a client never open it (bundle budget, issue 12).
const QuickbooksSection = lazy(async () => ({
  default: (await import('../quickbooks/index.ts')).QuickbooksSection,
}));

export const ENTITY_SECTIONS = [
  { value: 'settings', label: 'Settings' },
  { value: 'divisions', label: 'Divisions' },
  { value: 'accounts', label: 'Accounts' },
  { value: 'payment-terms', label: 'Payment terms' },
  { value: 'vendors', label: 'Vendors' },
  { value: 'customers', label: 'Customers' },
  { value: 'quickbooks', label: 'QuickBooks' },
] as const;
export type EntitySection = (typeof ENTITY_SECTIONS)[number]['value'];

export function isEntitySection(value: string | null): value is EntitySection {
  return ENTITY_SECTIONS.some((section) => section.value === value);
}

interface EntityPanelProps {
  clientGuid: string;
  entity: Entity;
  section: EntitySection;
  onSectionChange: (section: EntitySection) => void;
  onClose: () => void;
}

/** One entity: its settings and its books, each on its own tab, and archiving it. */
export function EntityPanel({ clientGuid, entity, section, onSectionChange, onClose }: EntityPanelProps) {
  const books = { clientGuid, entityGuid: entity.guid };
  const content: Record<EntitySection, ReactNode> = {
    // Keyed by guid: another entity starts a fresh form from what the server holds.
    settings: <EntitySettingsForm key={entity.guid} entity={entity} clientGuid={clientGuid} />,
    divisions: <DivisionsSection {...books} />,
    accounts: <AccountsSection {...books} />,
    'payment-terms': <PaymentTermsSection {...books} />,
    vendors: <VendorsSection {...books} />,
    customers: <CustomersSection {...books} />,
    quickbooks: (
      <Suspense fallback={<LoadingState label="Loading QuickBooks" />}>
        <QuickbooksSection {...books} />
      </Suspense>
    ),
  };
  const idOf = (value: string) => `entity-${entity.guid}-${value}`;
  return (
    <Paper
      variant="outlined"
      sx={{ mt: 3, p: { xs: 2, sm: 3 } }}
      aria-label={`Entity ${entity.nickname}`}
      component="section"
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h3">
            {entity.nickname}
            {entity.archived ? <Chip label="Archived" size="small" sx={{ ml: 1 }} /> : null}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {labelOf(ENTITY_KIND_LABELS, entity.kind)}
          </Typography>
        </Box>
        <EntityArchiveAction entity={entity} clientGuid={clientGuid} onDone={onClose} />
        <Tooltip title="Close">
          <IconButton aria-label={`Close ${entity.nickname}`} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Tabs
        value={section}
        onChange={(_event, next: EntitySection) => onSectionChange(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={`${entity.nickname} sections`}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {ENTITY_SECTIONS.map((s) => (
          <Tab
            key={s.value}
            value={s.value}
            label={s.label}
            id={`${idOf(s.value)}-tab`}
            aria-controls={idOf(s.value)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={idOf(section)} aria-labelledby={`${idOf(section)}-tab`}>
        {content[section]}
      </Box>
    </Paper>
  );
}
