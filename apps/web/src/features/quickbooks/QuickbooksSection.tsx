import Stack from '@mui/material/Stack';
import { useSession } from '../../session/session-context.ts';
import { usePermissionCatalogue } from '../groups/usePermissionCatalogue.ts';
import { DesktopCard } from './DesktopCard.tsx';
import { OnlineCard } from './OnlineCard.tsx';
import type { EntityRef } from './quickbooks-api.ts';

/** The entity's QuickBooks tab: the Online connection and the Desktop company files. */
export function QuickbooksSection(entity: EntityRef) {
  const canManage = useCanManageIntegrations();
  return (
    <Stack spacing={2}>
      <OnlineCard entity={entity} canManage={canManage} />
      <DesktopCard entity={entity} canManage={canManage} />
    </Stack>
  );
}

/** Staff holding integrations.manage connect, sync and add company files; others only look (the API decides). */
function useCanManageIntegrations(): boolean {
  const { organization } = useSession();
  const catalogue = usePermissionCatalogue(organization?.guid ?? null);
  return catalogue.data?.effective_permissions.includes('integrations.manage') ?? false;
}
