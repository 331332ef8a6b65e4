import { View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { Button, Heading, Muted } from '../ui/controls.tsx';
import { layout } from './SignInScreen.tsx';

/** Asked after signing in on a phone with biometrics: unlock with them next time? (Settings can change it.) */
export function BiometricOffer({ onDone }: { onDone: () => void }) {
  const { session } = useApp();
  return (
    <View style={[layout.fill, layout.page]}>
      <Heading>Unlock faster next time?</Heading>
      <Muted>
        Use Face ID or your fingerprint to open BillPay instead of typing your password. You can change this
        in Settings.
      </Muted>
      <Button
        label="Use Face ID or fingerprint"
        onPress={() => {
          session.setBiometricUnlock(true);
          onDone();
        }}
      />
      <Button label="Not now" variant="secondary" onPress={onDone} />
    </View>
  );
}
