import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { mailtoHref, SUPPORT_EMAIL, SUPPORT_PHONE, telHref } from './constants.ts';

/** The help line every support surface repeats (SPEC.md §2: phone and e-mail appear in help text). */
export function SupportContact() {
  return (
    <Typography color="text.secondary">
      Still need help? Call us at <Link href={telHref(SUPPORT_PHONE)}>{SUPPORT_PHONE}</Link> or e-mail{' '}
      <Link href={mailtoHref(SUPPORT_EMAIL)}>{SUPPORT_EMAIL}</Link>.
    </Typography>
  );
}
