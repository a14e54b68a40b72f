import { Text, View } from '@tarojs/components';
import type { WithdrawalChannel } from '@/api/endpoints/withdrawals';
import { useLocale, useT } from '@/i18n';
import { channelColor, channelLabel, feeText, limitsText } from './channelTerms';
import { ariaState } from '@/a11y';

interface ChannelPickerProps {
  channels: readonly WithdrawalChannel[];
  selected: number | null;
  onSelect(channel: number): void;
}

/** The enabled withdrawal channels as cards in their colours; the chosen one is outlined. */
export function ChannelPicker({ channels, selected, onSelect }: ChannelPickerProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <View className="withdraw__channels" role="radiogroup">
      {channels.map((channel) => {
        const color = channelColor(channel.channel, channel.color);
        const chosen = channel.channel === selected;
        return (
          <View
            key={channel.channel}
            className={chosen ? 'withdraw__channel withdraw__channel--chosen' : 'withdraw__channel'}
            style={{ borderColor: chosen ? color : undefined }}
            role="radio"
            aria-checked={ariaState(chosen)}
            onClick={() => onSelect(channel.channel)}
          >
            <View className="withdraw__channel-head">
              <View className="withdraw__channel-dot" style={{ background: color }} />
              <Text className="withdraw__channel-name" style={{ color: chosen ? color : undefined }}>
                {channelLabel(channel.channel, locale, channel.name)}
              </Text>
            </View>
            <Text className="withdraw__channel-terms">{limitsText(t, channel)}</Text>
            <Text className="withdraw__channel-terms">{feeText(t, channel)}</Text>
          </View>
        );
      })}
    </View>
  );
}
