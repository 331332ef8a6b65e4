import { StyleSheet, Text, View } from 'react-native';
import { colors } from './theme.ts';

/** Shown at the top of every screen while the phone has no connection; nothing is sent meanwhile. */
export function OfflineBanner() {
  return (
    <View role="alert" style={banner.box}>
      <Text style={banner.text}>
        You are offline. What you see may be out of date, and approvals cannot be sent until you are back
        online.
      </Text>
    </View>
  );
}

const banner = StyleSheet.create({
  box: { backgroundColor: colors.warningBackground, padding: 12 },
  text: { color: colors.warning, fontSize: 14 },
});
