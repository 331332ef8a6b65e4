import { type NotificationPreference, notificationsRoutes } from '@bp/contracts';
import { NOTIFICATION_TYPE_LABELS } from '@bp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ScrollView, StyleSheet, Switch, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Heading, Loading, Muted } from '../ui/controls.tsx';
import { Screen } from '../ui/Screen.tsx';
import { colors, MIN_TOUCH } from '../ui/theme.ts';

/** Notification preferences (per type: e-mail, push), biometric unlock, sign out. */
export function SettingsScreen() {
  const { session, services, online } = useApp();
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: ['notification-preferences'],
    queryFn: () => session.api.call(notificationsRoutes.getNotificationsPreferences),
  });
  const save = useMutation({
    mutationFn: (change: {
      notification_type: NotificationPreference['notification_type'];
      email?: boolean;
      push?: boolean;
    }) =>
      session.api.call(notificationsRoutes.patchNotificationsPreferences, {
        body: { preferences: [change] },
      }),
    onSuccess: (saved) => queryClient.setQueryData(['notification-preferences'], saved),
  });
  const biometricOn = useSyncExternalStore(session.subscribe, session.biometricUnlockEnabled);
  const [biometricAvailable, setBiometricAvailable] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => {
    void services.biometrics.available().then(setBiometricAvailable, () => setBiometricAvailable(false));
  }, [services]);

  return (
    <Screen title="Settings">
      <ScrollView contentContainerStyle={settings.page}>
        <Heading level={2}>Notifications</Heading>
        {preferences.isPending ? <Loading label="Loading your notification settings" /> : null}
        {preferences.isError ? <ErrorText>{messageOf(preferences.error)}</ErrorText> : null}
        {preferences.data?.preferences.map((p) => (
          <View key={p.notification_type} style={settings.group}>
            <Text style={settings.groupTitle}>{NOTIFICATION_TYPE_LABELS[p.notification_type]}</Text>
            {(['push', 'email'] as const).map((channel) => {
              const label = `${NOTIFICATION_TYPE_LABELS[p.notification_type]}: ${channel === 'push' ? 'push notifications' : 'e-mail'}`;
              return (
                <View key={channel} style={settings.row}>
                  <Text style={settings.rowText}>{channel === 'push' ? 'Push notifications' : 'E-mail'}</Text>
                  <Switch
                    aria-label={label}
                    value={p[channel]}
                    disabled={!online || save.isPending}
                    onValueChange={(value) =>
                      save.mutate({ notification_type: p.notification_type, [channel]: value })
                    }
                  />
                </View>
              );
            })}
          </View>
        ))}
        {save.isError ? <ErrorText>{`Not saved: ${messageOf(save.error)}`}</ErrorText> : null}
        <Muted>Messages on your bills always arrive as push notifications on this phone.</Muted>

        <Heading level={2}>Security</Heading>
        {biometricAvailable ? (
          <View style={settings.row}>
            <Text style={settings.rowText}>Unlock with Face ID or fingerprint</Text>
            <Switch
              aria-label="Unlock with Face ID or fingerprint"
              value={biometricOn}
              onValueChange={(on) => session.setBiometricUnlock(on)}
            />
          </View>
        ) : (
          <Muted>This phone has no Face ID or fingerprint set up, so BillPay opens with your password.</Muted>
        )}
        <Button
          label="Sign out"
          variant="secondary"
          busy={signingOut}
          onPress={() => {
            setSigningOut(true);
            void session.signOut();
          }}
        />
      </ScrollView>
    </Screen>
  );
}

const settings = StyleSheet.create({
  page: { padding: 16, gap: 12 },
  group: { backgroundColor: colors.surface, borderRadius: 8, padding: 12, gap: 4 },
  groupTitle: { fontSize: 16, fontWeight: '600', color: colors.text },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    minHeight: MIN_TOUCH,
    gap: 12,
  },
  rowText: { fontSize: 15, color: colors.text, flex: 1 },
});
