import { Text, View } from '@tarojs/components';
import type { ReactNode } from 'react';
import './index.scss';

interface StateViewProps {
  kind: 'empty' | 'error';
  title: string;
  body?: string;
  /** One short line instead of the illustrated block, for sections inside a page. */
  compact?: boolean;
  /** Makes the whole view a button (an error reloads when tapped). */
  onTap?: () => void;
  /** A call to action under the text. */
  action?: ReactNode;
}

/** An empty list or a failed load: a picture, what happened and, where there is one, what to do. */
export function StateView({ kind, title, body, compact = false, onTap, action }: StateViewProps) {
  const className = `state-view state-view--${kind}${compact ? ' state-view--compact' : ''}`;
  if (compact) {
    return (
      <View className={className} onClick={onTap}>
        <View className="state-view__glyph" />
        <Text className="state-view__title">{title}</Text>
        {body ? <Text className="state-view__body">{body}</Text> : null}
      </View>
    );
  }
  return (
    <View className={className} onClick={onTap}>
      <View className="state-view__picture" />
      <Text className="state-view__title">{title}</Text>
      {body ? <Text className="state-view__body">{body}</Text> : null}
      {action ? <View className="state-view__action">{action}</View> : null}
    </View>
  );
}
