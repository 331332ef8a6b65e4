import { isValidMfaCode, MFA_CODE_LENGTH, sanitizeMfaCode } from '@bp/domain';
import { useState } from 'react';
import { ScrollView, Text } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Field, Heading, Muted } from '../ui/controls.tsx';
import { layout } from './SignInScreen.tsx';

/** The sign-in code step (decision 012): 6 digits sent by text message or e-mail. */
export function TwoFactorScreen({ method }: { method: string }) {
  const { session, online } = useApp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const by = method === 'sms' ? 'by text message' : 'by e-mail';

  const confirm = async () => {
    if (!isValidMfaCode(code)) {
      setError(`Enter the ${MFA_CODE_LENGTH}-digit code.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await session.submitCode(code);
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      await session.resendCode();
      setResent(true);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setResending(false);
    }
  };

  return (
    <ScrollView contentContainerStyle={layout.page} keyboardShouldPersistTaps="handled" style={layout.fill}>
      <Heading>Enter your code</Heading>
      <Muted>{`We sent a ${MFA_CODE_LENGTH}-digit sign-in code ${by}.`}</Muted>
      <Field
        label="Sign-in code"
        value={code}
        onChangeText={(text) => setCode(sanitizeMfaCode(text))}
        keyboardType="number-pad"
        autoComplete="one-time-code"
        textContentType="oneTimeCode"
        maxLength={MFA_CODE_LENGTH}
        onSubmitEditing={confirm}
      />
      <ErrorText>{error}</ErrorText>
      {resent ? <Text role="status">A new code is on its way.</Text> : null}
      <Button
        label="Confirm"
        onPress={confirm}
        busy={busy}
        disabled={resending || !online || code.length !== MFA_CODE_LENGTH}
      />
      <Button
        label={resending ? 'Resending...' : 'Resend code'}
        variant="link"
        onPress={resend}
        disabled={busy || resending || !online}
      />
      <Button label="Back to sign in" variant="link" onPress={() => session.cancelTwoFactor()} />
    </ScrollView>
  );
}
