import { FlatList, Pressable, StyleSheet, Text } from 'react-native';
import { colors, MIN_TOUCH } from '../ui/theme.ts';

/** A list to choose from: the clients of a person who approves for several, a staff member's organisations. */
export function ClientPicker({
  clients,
  onChoose,
}: {
  clients: readonly { guid: string; name: string }[];
  onChoose: (guid: string) => void;
}) {
  return (
    <FlatList
      data={clients}
      keyExtractor={(c) => c.guid}
      renderItem={({ item }) => (
        <Pressable
          role="button"
          aria-label={item.name}
          onPress={() => onChoose(item.guid)}
          style={({ pressed }) => [picker.row, pressed && picker.pressed]}
        >
          <Text style={picker.name}>{item.name}</Text>
        </Pressable>
      )}
    />
  );
}

const picker = StyleSheet.create({
  row: {
    minHeight: MIN_TOUCH,
    justifyContent: 'center',
    padding: 16,
    backgroundColor: colors.surface,
    borderBottomWidth: StyleSheet.hairlineWidth,
    borderBottomColor: colors.border,
  },
  pressed: { backgroundColor: colors.background },
  name: { fontSize: 16, color: colors.text },
});
