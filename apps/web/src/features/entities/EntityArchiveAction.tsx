import { type Entity, entitiesRoutes } from '@bp/contracts';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { ConfirmActionDialog, useInvalidateList } from '../client-records/index.ts';
import { entitiesList } from './entities-list.ts';

/**
 * Archive an active entity (DELETE .../entities/{guid}) or unarchive an archived one
 * (POST .../entities/{guid}/unarchive), each after confirmation; `onDone` runs once the list is refreshed.
 */
export function EntityArchiveAction({
  entity,
  clientGuid,
  onDone,
}: {
  entity: Entity;
  clientGuid: string;
  onDone: () => void;
}) {
  const { api } = useSession();
  const invalidate = useInvalidateList();
  const [confirming, setConfirming] = useState(false);
  const params = { clientGuid, entityGuid: entity.guid };
  const finish = async () => {
    await invalidate(entitiesList(clientGuid));
    onDone();
  };

  return (
    <>
      {entity.archived ? (
        <Button variant="outlined" startIcon={<UnarchiveIcon />} onClick={() => setConfirming(true)}>
          Unarchive
        </Button>
      ) : (
        <Button
          variant="outlined"
          color="error"
          startIcon={<ArchiveIcon />}
          onClick={() => setConfirming(true)}
        >
          Archive entity
        </Button>
      )}
      {entity.archived ? (
        <ConfirmActionDialog
          open={confirming}
          title={`Unarchive ${entity.nickname}?`}
          message="The entity returns to the client's entity list and can be used on bills again."
          confirmLabel="Unarchive"
          successMessage="Entity unarchived."
          destructive={false}
          onConfirm={async () => {
            await api.call(entitiesRoutes.postAccountsClientEntityUnarchive, { params });
            await finish();
          }}
          onClose={() => setConfirming(false)}
        />
      ) : (
        <ConfirmActionDialog
          open={confirming}
          title={`Archive ${entity.nickname}?`}
          message="The entity leaves the client's entity list and can no longer be used on bills until it is unarchived."
          confirmLabel="Archive"
          successMessage="Entity archived."
          onConfirm={async () => {
            await api.call(entitiesRoutes.deleteAccountsClientEntity, { params });
            await finish();
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
