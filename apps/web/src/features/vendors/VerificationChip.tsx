import type { VerificationStatus } from '@bp/contracts';
import Chip from '@mui/material/Chip';

/** "Verified" or "Verification required" (payments wait for a call-back). */
export function VerificationChip({ status, held = false }: { status: VerificationStatus; held?: boolean }) {
  if (status === 'verification_required') {
    return <Chip label="Verification required" color="warning" size="small" />;
  }
  if (held) return <Chip label="On hold (parent vendor)" color="warning" size="small" variant="outlined" />;
  return <Chip label="Verified" color="success" size="small" variant="outlined" />;
}
