import type { ReactNode } from 'react';
import {
  ActivityIndicator,
  Pressable,
  StyleSheet,
  Text,
  TextInput,
  type TextInputProps,
  View,
} from 'react-native';
import { colors, MIN_TOUCH } from './theme.ts';

/*
 * The app's controls. Every one carries a screen-reader label and role, and text scales with the
 * phone's font size (React Native's default, never turned off here), so rows grow instead of clipping.
 */

interface ButtonProps {
  label: string;
  onPress: () => void;
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  disabled?: boolean;
  busy?: boolean;
  /** Read after the label by screen readers: why the button is disabled, what it does. */
  hint?: string;
}

export function Button({
  label,
  onPress,
  variant = 'primary',
  disabled = false,
  busy = false,
  hint,
}: ButtonProps) {
  const off = disabled || busy;
  return (
    <Pressable
      role="button"
      aria-label={label}
      aria-disabled={off}
      accessibilityHint={hint}
      accessibilityState={{ disabled: off, busy }}
      disabled={off}
      onPress={onPress}
      style={({ pressed }) => [
        styles.button,
        styles[variant],
        off && styles.disabled,
        pressed && !off && styles.pressed,
      ]}
    >
      {busy ? <ActivityIndicator color={variant === 'primary' ? colors.onPrimary : colors.primary} /> : null}
      <Text
        style={[
          styles.buttonText,
          variant === 'primary' || variant === 'danger' ? styles.onFilled : styles.onPlain,
        ]}
      >
        {label}
      </Text>
    </Pressable>
  );
}

interface FieldProps extends Omit<TextInputProps, 'style'> {
  label: string;
  error?: string | null | undefined;
}

export function Field({ label, error, ...input }: FieldProps) {
  return (
    <View style={styles.field}>
      <Text style={styles.label}>{label}</Text>
      <TextInput
        aria-label={label}
        aria-invalid={!!error}
        placeholderTextColor={colors.muted}
        style={[styles.input, error ? styles.inputError : null]}
        {...input}
      />
      {error ? (
        <Text role="alert" style={styles.error}>
          {error}
        </Text>
      ) : null}
    </View>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Text role="alert" style={styles.error}>
      {children}
    </Text>
  );
}

export function Heading({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  return (
    <Text role="heading" aria-level={level} style={level === 1 ? styles.h1 : styles.h2}>
      {children}
    </Text>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <Text style={styles.muted}>{children}</Text>;
}

/** A count shown beside a title, read out with its meaning ("3 bills waiting for your approval"). */
export function Badge({ count, label }: { count: number; label: string }) {
  return (
    <View aria-label={label} accessible role="img" style={[styles.badge, count === 0 && styles.badgeZero]}>
      <Text style={styles.badgeText}>{count}</Text>
    </View>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <View style={styles.centered} aria-busy>
      <ActivityIndicator color={colors.primary} accessibilityLabel={label} />
      <Text style={styles.muted}>{label}</Text>
    </View>
  );
}

export const styles = StyleSheet.create({
  button: {
    minHeight: MIN_TOUCH,
    borderRadius: 8,
    paddingHorizontal: 16,
    paddingVertical: 10,
    alignItems: 'center',
    justifyContent: 'center',
    flexDirection: 'row',
    gap: 8,
  },
  primary: { backgroundColor: colors.primary },
  secondary: { backgroundColor: colors.surface, borderWidth: 1, borderColor: colors.primary },
  danger: { backgroundColor: colors.danger },
  link: { backgroundColor: 'transparent' },
  disabled: { opacity: 0.45 },
  pressed: { opacity: 0.8 },
  buttonText: { fontSize: 16, fontWeight: '600' },
  onFilled: { color: colors.onPrimary },
  onPlain: { color: colors.primary },
  field: { gap: 4 },
  label: { fontSize: 15, color: colors.text, fontWeight: '500' },
  input: {
    minHeight: MIN_TOUCH,
    borderWidth: 1,
    borderColor: colors.border,
    borderRadius: 8,
    paddingHorizontal: 12,
    fontSize: 16,
    color: colors.text,
    backgroundColor: colors.surface,
  },
  inputError: { borderColor: colors.danger },
  error: { color: colors.danger, fontSize: 14 },
  h1: { fontSize: 24, fontWeight: '700', color: colors.text },
  h2: { fontSize: 18, fontWeight: '600', color: colors.text },
  muted: { fontSize: 14, color: colors.muted },
  badge: {
    minWidth: 28,
    paddingHorizontal: 8,
    paddingVertical: 2,
    borderRadius: 14,
    backgroundColor: colors.danger,
    alignItems: 'center',
  },
  badgeZero: { backgroundColor: colors.muted },
  badgeText: { color: colors.onPrimary, fontWeight: '700', fontSize: 14 },
  centered: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: 12, padding: 24 },
});
