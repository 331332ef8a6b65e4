import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { DataColumn } from './columns.ts';

export interface ColumnChooserProps<T> {
  /** The table's name: the button says which table's columns it chooses. */
  tableLabel: string;
  columns: readonly DataColumn<T>[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

/**
 * A "Columns" button above a wide table opening a menu of checkable columns (MUI's Menu gives arrow
 * keys, Escape and focus return). The last shown column cannot be hidden, so a table never loses all.
 */
export function ColumnChooser<T>({ tableLabel, columns, hidden, onToggle }: ColumnChooserProps<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choosable = columns.filter((column) => column.hideable !== false);
  const shownCount = columns.filter((column) => !hidden.has(column.key)).length;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 0.5 }}>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-label={`Columns of ${tableLabel}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {choosable.map((column) => {
          const shown = !hidden.has(column.key);
          return (
            <MenuItem
              key={column.key}
              role="menuitemcheckbox"
              aria-checked={shown}
              disabled={shown && shownCount === 1}
              onClick={() => onToggle(column.key)}
              dense
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText>{column.header}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
}
