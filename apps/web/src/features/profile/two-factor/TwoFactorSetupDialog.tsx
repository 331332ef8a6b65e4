import { mfaRoutes } from '@bp/contracts';
import { formatPhoneAsTyped } from '@bp/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../../../session/session-context.ts';
import { useToast } from '../../../ui/toasts.tsx';
import { CodeStep, isCompleteCode } from './CodeStep.tsx';
import { useErrorToast } from './error-toast.tsx';
import {
  codeFieldError,
  isAlreadyActive,
  METHOD_UPDATED,
  MFA_METHODS_KEY,
  MFA_REQUIRED_WARNING,
  type SetupMethod,
  SUCCESS_TOASTS,
  type TokenAccess,
} from './two-factor-api.ts';

export interface TwoFactorSetupDialogProps {
  open: boolean;
  /** Required by the organisation: the dialog cannot be closed until set up. */
  required: boolean;
  tokens: TokenAccess;
  onClose(): void;
}

type Step = 'method' | 'value' | 'code';
/** activate: confirm the new method; switch: it was on already, the code makes it primary. */
type Mode = 'activate' | 'switch';

const STEPS: Step[] = ['method', 'value', 'code'];

/** SPEC.md §2 "Two-factor setup dialog": method, phone or e-mail, then the 6-digit code. */
export function TwoFactorSetupDialog({ open, required, tokens, onClose }: TwoFactorSetupDialogProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorToast = useErrorToast();
  const titleId = useId();
  const [step, setStep] = useState<Step>('method');
  const [method, setMethod] = useState<SetupMethod | null>(null);
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [mode, setMode] = useState<Mode>('activate');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [resending, setResending] = useState(false);

  const email = session.profile?.email ?? '';
  const value = method === 'sms_twilio' ? phone : email;

  const reset = () => {
    setStep('method');
    setMethod(null);
    setPhone('');
    setConsent(false);
    setMode('activate');
    setCode('');
    setCodeError(null);
  };
  const close = () => {
    if (required || loading) return;
    reset();
    onClose();
  };

  /** Sends the code: activate, or (already active) a code to make the method primary. */
  async function sendCode(chosen: SetupMethod, current: Mode): Promise<Mode> {
    if (current === 'switch') {
      await session.api.call(mfaRoutes.postAuthMfaCodeRequest, {
        body: { method: chosen, action: 'change_primary' },
      });
      return 'switch';
    }
    try {
      await session.api.call(mfaRoutes.postAuthMfaActivate, { params: { method: chosen }, body: { value } });
      return 'activate';
    } catch (error) {
      if (!isAlreadyActive(error)) throw error;
      await session.api.call(mfaRoutes.postAuthMfaCodeRequest, {
        body: { method: chosen, action: 'change_primary' },
      });
      return 'switch';
    }
  }

  async function next() {
    if (!method) return;
    if (step === 'method') {
      setStep('value');
      return;
    }
    setLoading(true);
    try {
      setMode(await sendCode(method, 'activate'));
      setCode('');
      setCodeError(null);
      setStep('code');
    } catch (error) {
      errorToast(error);
    } finally {
      setLoading(false);
    }
  }

  async function resend() {
    if (!method) return;
    setResending(true);
    try {
      await sendCode(method, mode);
      setCodeError(null);
    } catch (error) {
      errorToast(error);
    } finally {
      setResending(false);
    }
  }

  async function confirm() {
    if (!method) return;
    setLoading(true);
    setCodeError(null);
    try {
      if (mode === 'activate') {
        const pair = await session.api.call(mfaRoutes.postAuthMfaActivateConfirm, {
          params: { method },
          body: { code, refresh: tokens.refresh() ?? '' },
        });
        tokens.store(pair);
        toast.success(SUCCESS_TOASTS[method]);
      } else {
        await session.api.call(mfaRoutes.postAuthMfaChangePrimaryMethod, { body: { method, code } });
        toast.success(METHOD_UPDATED);
      }
      await queryClient.invalidateQueries({ queryKey: MFA_METHODS_KEY });
      await session.refreshProfile();
      reset();
      onClose();
    } catch (error) {
      setCodeError(codeFieldError(error) ?? 'The code was not accepted.');
      errorToast(error);
    } finally {
      setLoading(false);
    }
  }

  const phoneDigits = phone.replace(/\D/g, '');
  const valueReady = method === 'email' ? email !== '' : phoneDigits.length >= 10 && consent;
  const nextDisabled = loading || method === null || (step === 'value' && !valueReady);
  const sentTo = method === 'sms_twilio' ? `${phone}` : email;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Set up two-factor authentication</DialogTitle>
      <DialogContent>
        {required ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {MFA_REQUIRED_WARNING}
          </Alert>
        ) : null}
        <Typography variant="overline" color="text.secondary">
          Step {STEPS.indexOf(step) + 1} of 3
        </Typography>
        {step === 'method' ? (
          <RadioGroup
            aria-label="Two-factor method"
            value={method ?? ''}
            onChange={(event) => setMethod(event.target.value as SetupMethod)}
          >
            <FormControlLabel value="sms_twilio" control={<Radio />} label="Text" />
            <FormControlLabel value="email" control={<Radio />} label="Email" />
          </RadioGroup>
        ) : null}
        {step === 'value' && method === 'sms_twilio' ? (
          <Box>
            <TextField
              label="Phone number"
              value={phone}
              onChange={(event) => setPhone(formatPhoneAsTyped(event.target.value))}
              placeholder="(555) 123-4567"
              helperText="A US number: we text the codes to it."
              autoComplete="tel-national"
              type="tel"
              required
              fullWidth
              autoFocus
              sx={{ mt: 1 }}
            />
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />}
              label="I agree to receive text messages with sign-in codes at this number. Message and data rates may apply."
            />
          </Box>
        ) : null}
        {step === 'value' && method === 'email' ? (
          <TextField
            label="E-mail"
            value={email}
            helperText="We send the codes to the e-mail address of your account."
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ) : null}
        {step === 'code' ? (
          <CodeStep
            code={code}
            onCode={(next) => {
              setCode(next);
              setCodeError(null);
            }}
            error={codeError}
            sentTo={sentTo}
            loading={loading}
            resending={resending}
            onResend={() => void resend()}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {required ? null : (
          <Button onClick={close} disabled={loading}>
            Cancel
          </Button>
        )}
        {step !== 'method' ? (
          <Button
            onClick={() => setStep(step === 'code' ? 'value' : 'method')}
            disabled={loading || resending}
          >
            Back
          </Button>
        ) : null}
        {step === 'code' ? (
          <Button
            variant="contained"
            onClick={() => void confirm()}
            loading={loading}
            disabled={loading || resending || !isCompleteCode(code)}
          >
            Confirm
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void next()} loading={loading} disabled={nextDisabled}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
