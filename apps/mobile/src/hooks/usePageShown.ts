import { useDidHide, useDidShow } from '@tarojs/taro';
import { useState } from 'react';

/** Whether the page is on screen: false while another page covers it or the app is in the background. */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(true);
  useDidShow(() => setShown(true));
  useDidHide(() => setShown(false));
  return shown;
}
