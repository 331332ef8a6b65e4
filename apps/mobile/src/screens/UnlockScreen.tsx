import { useCallback, useEffect, useState } from 'react';
import { View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { Button, ErrorText, Heading, Muted } from '../ui/controls.tsx';
import { layout } from './SignInScreen.tsx';

/**
 * A kept session behind the phone's biometrics (the person turned this on after signing in). The
 * fallback is the password: "Use password instead" forgets the kept session and shows sign-in.
 */
export function UnlockScreen() {
  const { services, session } = useApp();
  const [failed, setFailed] = useState(false);

  const unlock = useCallback(async () => {
    setFailed(false);
    const ok = await services.biometrics.authenticate('Unlock BillPay').catch(() => false);
    if (ok) session.unlocked();
    else setFailed(true);
  }, [services, session]);

  useEffect(() => {
    void unlock();
  }, [unlock]);

  return (
    <View style={[layout.fill, layout.page]}>
      <Heading>BillPay is locked</Heading>
      <Muted>Unlock with your face or fingerprint, or sign in with your password.</Muted>
      {failed ? <ErrorText>Not unlocked. Try again or use your password.</ErrorText> : null}
      <Button label="Unlock" onPress={unlock} />
      <Button label="Use password instead" variant="secondary" onPress={() => void session.forget()} />
    </View>
  );
}
