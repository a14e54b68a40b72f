/**
 * Toasts, the loading indicator and confirmation dialogs: the one way the app tells the user
 * something outside a page's own layout. The request layer uses the same functions.
 */
import { BRAND_COLOR, ToastConfig } from '@maika/shared';
import Taro from '@tarojs/taro';

export type FeedbackTaro = Pick<typeof Taro, 'showToast' | 'showLoading' | 'hideLoading' | 'showModal'>;

export interface ConfirmDialog {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
  /** The confirm button in red: the action cannot be undone. */
  destructive?: boolean;
}

const destructiveColor = '#e5484d';

/**
 * Modal buttons take at most 4 Chinese characters, each counted as two Latin ones: mini-programs
 * cut a longer label, and Taro's H5 modal refuses to open at all.
 */
export function fitsModalButton(label: string): boolean {
  return label.replace(/[\u0391-\uFFE5]/g, 'aa').length <= 8;
}

export function createFeedback(taro: FeedbackTaro) {
  return {
    /** A short message; 'success' adds a tick (mini-programs then cut the text at 7 Chinese characters). */
    toast(text: string, kind: 'plain' | 'success' = 'plain'): void {
      void taro
        .showToast({ title: text, icon: kind === 'success' ? 'success' : 'none', duration: ToastConfig.durationMs })
        .catch(() => undefined);
    },
    showLoading(text: string): void {
      void taro.showLoading({ title: text, mask: true }).catch(() => undefined);
    },
    hideLoading(): void {
      taro.hideLoading();
    },
    /** True when the user confirms. */
    async confirm({ destructive = false, ...dialog }: ConfirmDialog): Promise<boolean> {
      const result = await taro.showModal({ ...dialog, confirmColor: destructive ? destructiveColor : BRAND_COLOR });
      return result.confirm;
    },
  };
}

/**
 * Taro's APIs named statically: on H5, Taro's compiler links only the APIs written as `Taro.name`,
 * so the Taro object handed over whole would not have them.
 */
const taroFeedback: FeedbackTaro = {
  showToast: (option) => Taro.showToast(option),
  showLoading: (option) => Taro.showLoading(option),
  hideLoading: (option) => Taro.hideLoading(option),
  showModal: (option) => Taro.showModal(option),
};

export const { toast, showLoading, hideLoading, confirm } = createFeedback(taroFeedback);
