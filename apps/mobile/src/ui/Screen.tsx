import type { ReactNode } from 'react';
import { StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { Button } from './controls.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { colors } from './theme.ts';

/** A signed-in screen: its title bar (Back, Settings), the offline banner, then its content. */
export function Screen({
  title,
  children,
  right,
}: {
  title: string;
  children: ReactNode;
  right?: ReactNode;
}) {
  const { nav, online } = useApp();
  return (
    <View style={frame.fill}>
      <View style={frame.bar}>
        {nav.canGoBack ? <Button label="Back" variant="link" onPress={nav.back} /> : null}
        <Text role="heading" aria-level={1} style={frame.title} numberOfLines={2}>
          {title}
        </Text>
        {right ??
          (nav.route.name === 'settings' ? null : (
            <Button label="Settings" variant="link" onPress={() => nav.push({ name: 'settings' })} />
          ))}
      </View>
      {online ? null : <OfflineBanner />}
      <View style={frame.fill}>{children}</View>
    </View>
  );
}

const frame = StyleSheet.create({
  fill: { flex: 1, backgroundColor: colors.background },
  bar: {
    flexDirection: 'row',
    alignItems: 'center',
    paddingHorizontal: 8,
    paddingVertical: 4,
    backgroundColor: colors.surface,
    borderBottomWidth: StyleSheet.hairlineWidth,
    borderBottomColor: colors.border,
    gap: 4,
  },
  title: { flex: 1, fontSize: 18, fontWeight: '700', color: colors.text, paddingHorizontal: 8 },
});
