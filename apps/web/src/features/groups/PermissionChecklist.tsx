import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useMemo } from 'react';
import { type CatalogueEntry, groupByArea } from './permission-areas.ts';

interface PermissionChecklistProps {
  catalogue: readonly CatalogueEntry[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Permissions the signed-in user holds: nobody grants what they do not hold (the API refuses). */
  grantable: ReadonlySet<string>;
  disabled?: boolean;
}

/**
 * The permission catalogue as labelled checkboxes, one fieldset per area. Memoised: the form around it
 * re-renders on every key typed into the name, and two dozen checkboxes need not follow.
 */
export const PermissionChecklist = memo(function PermissionChecklist({
  catalogue,
  value,
  onChange,
  grantable,
  disabled = false,
}: PermissionChecklistProps) {
  const areas = useMemo(() => groupByArea(catalogue), [catalogue]);
  const selected = new Set(value);
  const toggle = (slug: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(slug);
    else next.delete(slug);
    // Catalogue order, so the saved list reads like the screen.
    onChange(catalogue.map((entry) => entry.slug).filter((s) => next.has(s)));
  };

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {selected.size} of {catalogue.length} permissions selected
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {areas.map((area) => (
          <FormControl
            key={area.area}
            component="fieldset"
            variant="standard"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1 }}
          >
            <FormLabel component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
              {area.label}
            </FormLabel>
            <FormGroup>
              {area.permissions.map((permission) => {
                const checked = selected.has(permission.slug);
                return (
                  <PermissionOption
                    key={permission.slug}
                    label={permission.label}
                    checked={checked}
                    disabled={disabled}
                    // Removing is always allowed; adding only what the user holds.
                    locked={!checked && !grantable.has(permission.slug)}
                    onChange={(on) => toggle(permission.slug, on)}
                  />
                );
              })}
            </FormGroup>
          </FormControl>
        ))}
      </Box>
    </Box>
  );
});

interface PermissionOptionProps {
  label: string;
  checked: boolean;
  disabled: boolean;
  locked: boolean;
  onChange: (checked: boolean) => void;
}

function PermissionOption({ label, checked, disabled, locked, onChange }: PermissionOptionProps) {
  const box = (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled || locked}
          size="small"
        />
      }
      label={label}
    />
  );
  if (!locked || disabled) return <Box>{box}</Box>;
  return (
    <Tooltip title="You cannot grant a permission you do not hold.">
      <Box>{box}</Box>
    </Tooltip>
  );
}
