import { TabBar } from '@/components/TabBar';
import { useTabBarStore } from '@/stores/tabBar';

/** The mini-program custom tab bar (`tabBar.custom`); H5 has none, so TabPage draws the same bar there. */
function CustomTabBar() {
  const selected = useTabBarStore((state) => state.selected);
  return <TabBar selected={selected} />;
}

// A mini-program component does not see app-wide styles by default, and Taro bundles the tab
// bar's stylesheet into them.
CustomTabBar.options = { addGlobalClass: true };

export default CustomTabBar;
