import type { BillSummary } from '@bp/contracts';
import { BILL_STATUS_LABELS, formatDate, formatMoney } from '@bp/domain';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { colors, MIN_TOUCH } from '../ui/theme.ts';

/** One bill in a list: vendor, amount, due date and status; the whole row opens the bill. */
/** `showClient`: staff lists mix clients, so each row names its client too. */
export function BillRow({
  bill,
  onOpen,
  showClient = false,
}: {
  bill: BillSummary;
  onOpen: () => void;
  showClient?: boolean;
}) {
  const amount = formatMoney(bill.amount);
  const due = formatDate(bill.due_date);
  const status = BILL_STATUS_LABELS[bill.status];
  return (
    <Pressable
      role="button"
      aria-label={`${bill.vendor.name}, ${amount}, due ${due}, ${status}`}
      accessibilityHint="Opens the bill"
      onPress={onOpen}
      style={({ pressed }) => [row.box, pressed && row.pressed]}
    >
      <View style={row.main}>
        <Text style={row.vendor}>{bill.vendor.name}</Text>
        <Text
          style={row.meta}
        >{`${showClient ? `${bill.client.name}, ` : ''}${bill.entity.nickname} · due ${due}`}</Text>
        <Text style={row.meta}>{status}</Text>
      </View>
      <Text style={row.amount}>{amount}</Text>
    </Pressable>
  );
}

const row = StyleSheet.create({
  box: {
    minHeight: MIN_TOUCH,
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    padding: 16,
    backgroundColor: colors.surface,
    borderBottomWidth: StyleSheet.hairlineWidth,
    borderBottomColor: colors.border,
  },
  pressed: { backgroundColor: colors.background },
  main: { flex: 1, gap: 2 },
  vendor: { fontSize: 16, fontWeight: '600', color: colors.text },
  meta: { fontSize: 14, color: colors.muted },
  amount: { fontSize: 16, fontWeight: '600', color: colors.text },
});
