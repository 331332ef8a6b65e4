import { MFA_CODE_LENGTH, sanitizeMfaCode } from '@bp/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

export interface CodeStepProps {
  code: string;
  onCode(code: string): void;
  /** Red border and this text under the field. */
  error: string | null;
  sentTo: string;
  loading: boolean;
  resending: boolean;
  onResend(): void;
}

/** The 6-digit code (SPEC.md §2 step 3, §5): digits only, red border on error, resend link. */
export function CodeStep({ code, onCode, error, sentTo, loading, resending, onResend }: CodeStepProps) {
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        We sent a {MFA_CODE_LENGTH}-digit code to {sentTo}. It expires in 10 minutes.
      </Typography>
      <TextField
        label="Verification code"
        value={code}
        onChange={(event) => onCode(sanitizeMfaCode(event.target.value))}
        error={error !== null}
        helperText={error ?? ' '}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: MFA_CODE_LENGTH } }}
      />
      <Box sx={{ mt: 1 }}>
        <Button
          size="small"
          onClick={onResend}
          disabled={loading || resending}
          sx={{ px: 0, textTransform: 'none', minWidth: 0 }}
        >
          {resending ? 'Resending...' : 'Resend code'}
        </Button>
      </Box>
    </Box>
  );
}

export const isCompleteCode = (code: string) => code.length === MFA_CODE_LENGTH;
