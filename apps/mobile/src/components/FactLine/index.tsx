import { Text, View } from '@tarojs/components';
import './index.scss';

/** One fact of a record card: its name on the left, its value on the right, cut to one line. */
export function FactLine({ label, value }: { label: string; value: string }) {
  return (
    <View className="fact-line">
      <Text className="fact-line__label">{label}</Text>
      <Text className="fact-line__value">{value}</Text>
    </View>
  );
}
