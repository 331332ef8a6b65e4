/**
 * Text for screen readers only (a column header of row buttons, for instance). Sizes are strings on
 * purpose: in MUI's sx a bare `width: 1` means 100%, which stretched this box across the page.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
