import { useState } from 'react';
import { KeyboardAvoidingView, Platform, ScrollView, StyleSheet, Text, View } from 'react-native';
import { useApp } from '../app-context.tsx';
import { messageOf } from '../session/session-store.ts';
import { Button, ErrorText, Field, Heading, Muted } from '../ui/controls.tsx';
import { colors } from '../ui/theme.ts';

/** E-mail and password; a two-factor account goes on to the code step. */
export function SignInScreen({ notice }: { notice: string | null }) {
  const { session, online } = useApp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Enter your e-mail address.';
    if (!password) next.password = 'Enter your password.';
    setErrors(next);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      await session.signIn(email.trim(), password);
    } catch (error) {
      setErrors({ form: messageOf(error) });
      setBusy(false);
    }
  };

  return (
    <KeyboardAvoidingView style={layout.fill} behavior={Platform.OS === 'ios' ? 'padding' : undefined}>
      <ScrollView contentContainerStyle={layout.page} keyboardShouldPersistTaps="handled">
        <View style={layout.brand}>
          <Text style={layout.brandText} aria-hidden>
            BillPay
          </Text>
        </View>
        <Heading>Sign in</Heading>
        <Muted>Review and approve your bills.</Muted>
        {notice ? <Text style={layout.notice}>{notice}</Text> : null}
        <Field
          label="E-mail"
          value={email}
          onChangeText={setEmail}
          autoCapitalize="none"
          autoComplete="email"
          keyboardType="email-address"
          textContentType="username"
          error={errors.email}
        />
        <Field
          label="Password"
          value={password}
          onChangeText={setPassword}
          secureTextEntry
          autoComplete="current-password"
          textContentType="password"
          onSubmitEditing={submit}
          error={errors.password}
        />
        <ErrorText>{errors.form}</ErrorText>
        <Button
          label="Sign in"
          onPress={submit}
          busy={busy}
          disabled={!online}
          hint={online ? undefined : 'You are offline; signing in needs a connection.'}
        />
      </ScrollView>
    </KeyboardAvoidingView>
  );
}

export const layout = StyleSheet.create({
  fill: { flex: 1, backgroundColor: colors.background },
  page: { padding: 24, gap: 16, flexGrow: 1, justifyContent: 'center' },
  brand: { alignItems: 'center', marginBottom: 8 },
  brandText: { fontSize: 28, fontWeight: '800', color: colors.primary },
  notice: { color: colors.warning, backgroundColor: colors.warningBackground, padding: 12, borderRadius: 8 },
});
