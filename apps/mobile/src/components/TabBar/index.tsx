import { TabBarConfig } from '@maika/shared';
import { Text, View } from '@tarojs/components';
import { useT } from '@/i18n';
import { switchTab } from '@/navigation';
import { tabRoutes, type TabIcon, type TabRouteName } from '@/routes';
import { theme } from '@/theme';
import { tabIconUri } from './icons';
import './index.scss';

const iconUris = new Map<string, string>(
  tabRoutes.flatMap((route) => [
    [`${route.tab.icon}:idle`, tabIconUri(route.tab.icon, theme.textMuted, false)],
    [`${route.tab.icon}:selected`, tabIconUri(route.tab.icon, TabBarConfig.selectedColor, true)],
  ]),
);

function iconUri(icon: TabIcon, selected: boolean): string {
  return iconUris.get(`${icon}:${selected ? 'selected' : 'idle'}`) ?? '';
}

interface TabBarProps {
  selected: TabRouteName | null;
}

/** The bottom tab bar: TabBarConfig.heightPx tall (plus the home-indicator inset) on every platform. */
export function TabBar({ selected }: TabBarProps) {
  const t = useT();
  return (
    <View className="tab-bar">
      {tabRoutes.map((route) => {
        const isSelected = route.name === selected;
        return (
          <View
            key={route.name}
            className={isSelected ? 'tab-bar__item tab-bar__item--selected' : 'tab-bar__item'}
            onClick={() => {
              if (!isSelected) void switchTab(route.name);
            }}
          >
            <View className="tab-bar__icon" style={{ backgroundImage: `url("${iconUri(route.tab.icon, isSelected)}")` }} />
            <Text className="tab-bar__label">{t(route.tab.labelKey)}</Text>
          </View>
        );
      })}
    </View>
  );
}
