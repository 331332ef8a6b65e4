import { clientsRoutes } from '@bp/contracts';
import type { ClientService } from '@bp/domain';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../session/session-context.ts';
import { useToast } from '../../ui/index.ts';
import { downloadFile } from '../client-records/index.ts';
import { apiErrorMessage } from '../shared/api-errors.ts';

export type ExportFormat = 'csv' | 'xlsx';

interface ExportMenuProps {
  orgGuid: string;
  /** The list's current filters: the file holds every client they match. */
  filters: { search?: string; service?: ClientService; ordering?: string; archived?: 'true' };
}

/** Downloads the client list as CSV or XLSX (the file the API builds, fetched with the bearer). */
export function ExportMenu({ orgGuid, filters }: ExportMenuProps) {
  const { api } = useSession();
  const toast = useToast();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadFile(
        api,
        clientsRoutes.getAccountsOrganizationClientsExport,
        { params: { orgGuid }, query: { ...filters, format } },
        `clients.${format}`,
      ),
    onSuccess: () => toast.success('Export downloaded.'),
    onError: (error) => toast.error(apiErrorMessage(error)),
  });
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    download.mutate(format);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        loading={download.isPending}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('csv')}>CSV</MenuItem>
        <MenuItem onClick={() => choose('xlsx')}>XLSX</MenuItem>
      </Menu>
    </>
  );
}
