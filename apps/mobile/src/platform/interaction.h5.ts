/**
 * H5 only: takes the place of Taro's H5 toast, loading indicator, modal and action sheet (see
 * config/index.ts). Taro's came in the entry's script with an icon font and tables of inline styles,
 * about 6 KB gzip; these draw the same elements, with the same class names, from
 * interaction.h5.scss. Taro's own H5 APIs call them too (setClipboardData's "copied" toast,
 * chooseImage's camera-or-album sheet), so there is only ever one toast on screen.
 */
import { t } from '@/i18n';
import './interaction.h5.scss';

type Callbacks<T> = { success?: (result: T) => void; fail?: (failure: { errMsg: string }) => void; complete?: () => void };

/** Settles like Taro's APIs: the promise and the callbacks a caller may pass instead. */
function settle<T extends object>(name: string, callbacks: Callbacks<T>, outcome: T | string): Promise<T & { errMsg: string }> {
  if (typeof outcome === 'string') {
    const failure = { errMsg: `${name}:fail ${outcome}` };
    callbacks.fail?.(failure);
    callbacks.complete?.();
    return Promise.reject(failure);
  }
  const result = { ...outcome, errMsg: `${name}:ok` };
  callbacks.success?.(result);
  callbacks.complete?.();
  return Promise.resolve(result);
}

function element(className: string, parent?: HTMLElement, tag = 'div'): HTMLElement {
  const created = document.createElement(tag);
  created.className = className;
  parent?.appendChild(created);
  return created;
}

/** Fades an overlay in, or out and then away, as Taro's did (tests read `display: none` as gone). */
function fade(overlay: HTMLElement, visible: boolean, timers: { fade?: number }, outMs: number): void {
  clearTimeout(timers.fade);
  if (visible) {
    overlay.style.display = 'block';
    timers.fade = window.setTimeout(() => (overlay.style.opacity = '1'), 0);
  } else {
    overlay.style.opacity = '0';
    timers.fade = window.setTimeout(() => (overlay.style.display = 'none'), outMs);
  }
}

interface ToastOptions extends Callbacks<object> {
  title?: string;
  icon?: 'success' | 'error' | 'loading' | 'none';
  image?: string;
  duration?: number;
  mask?: boolean;
}

/** The toast and the loading indicator share one element: a toast replaces the loading text and back. */
const toast = {
  parts: null as { el: HTMLElement; mask: HTMLElement; icon: HTMLElement; title: HTMLElement } | null,
  shows: '' as 'toast' | 'loading' | '',
  timers: {} as { fade?: number; hide?: number },

  show(kind: 'toast' | 'loading', options: ToastOptions): void {
    if (!this.parts) {
      const el = element('taro__toast');
      el.style.opacity = '0';
      el.ontouchmove = (event) => event.preventDefault();
      const mask = element('taro__toast-mask', el);
      const box = element('taro__toast-box', el);
      this.parts = { el, mask, icon: element('taro__toast-icon', box, 'p'), title: element('taro__toast-title', box, 'p') };
      document.body.appendChild(el);
    }
    const { el, mask, icon, title } = this.parts;
    const drawn = options.image ? 'image' : (options.icon ?? 'success');
    el.dataset.icon = drawn;
    icon.style.backgroundImage = options.image ? `url(${options.image})` : '';
    title.textContent = options.title ?? '';
    mask.style.display = options.mask ? 'block' : 'none';
    this.shows = kind;
    clearTimeout(this.timers.hide);
    fade(el, true, this.timers, 0);
    const duration = options.duration ?? 1500;
    if (duration >= 0) this.hide(duration, kind);
  },

  /** Hides after `delay` ms, unless the other kind has taken the element meanwhile (`only`). */
  hide(delay: number, only: 'toast' | 'loading' | ''): void {
    if (!this.parts || (only && only !== this.shows)) return;
    clearTimeout(this.timers.hide);
    const { el } = this.parts;
    this.timers.hide = window.setTimeout(() => fade(el, false, this.timers, 100), delay);
  },
};

export function showToast(options: ToastOptions = {}) {
  if (typeof options.title !== 'string') return settle('showToast', options, 'title should be a String');
  toast.show('toast', options);
  return settle('showToast', options, {});
}

export function showLoading(options: Omit<ToastOptions, 'icon' | 'image' | 'duration'> = {}) {
  toast.show('loading', { ...options, icon: 'loading', duration: -1 });
  return settle('showLoading', options, {});
}

export function hideToast({ noConflict = false, ...callbacks }: { noConflict?: boolean } & Callbacks<object> = {}) {
  toast.hide(0, noConflict ? 'toast' : '');
  return settle('hideToast', callbacks, {});
}

export function hideLoading({ noConflict = false, ...callbacks }: { noConflict?: boolean } & Callbacks<object> = {}) {
  toast.hide(0, noConflict ? 'loading' : '');
  return settle('hideLoading', callbacks, {});
}

interface ModalOptions extends Callbacks<{ confirm: boolean; cancel: boolean }> {
  title?: string;
  content?: string;
  showCancel?: boolean;
  cancelText?: string;
  cancelColor?: string;
  confirmText?: string;
  confirmColor?: string;
}

const modal = {
  parts: null as { el: HTMLElement; title: HTMLElement; text: HTMLElement; cancel: HTMLElement; confirm: HTMLElement } | null,
  timers: {} as { fade?: number },
};

/** Resolves when the user taps a button; a second call while one is open takes its place. */
export function showModal(options: ModalOptions = {}) {
  if (!modal.parts) {
    const el = element('taro__modal');
    el.style.opacity = '0';
    element('taro-modal__mask', el).ontouchmove = (event) => event.preventDefault();
    const content = element('taro-modal__content', el);
    const title = element('taro-modal__title', content);
    const text = element('taro-modal__text', content);
    const foot = element('taro-modal__foot', content);
    const cancel = element('taro-model__btn taro-model__cancel', foot);
    const confirm = element('taro-model__btn taro-model__confirm', foot);
    modal.parts = { el, title, text, cancel, confirm };
    document.body.appendChild(el);
  }
  const { el, title, text, cancel, confirm } = modal.parts;
  title.textContent = options.title ?? '';
  el.classList.toggle('taro__modal--untitled', !options.title);
  text.textContent = options.content ?? '';
  cancel.textContent = options.cancelText ?? t('common.cancel');
  cancel.style.color = options.cancelColor ?? '';
  cancel.style.display = options.showCancel === false ? 'none' : 'block';
  confirm.textContent = options.confirmText ?? t('common.confirm');
  confirm.style.color = options.confirmColor ?? '';
  fade(el, true, modal.timers, 0);
  return new Promise<{ confirm: boolean; cancel: boolean }>((resolve) => {
    const answer = (confirmed: boolean) => () => {
      fade(el, false, modal.timers, 200);
      resolve({ confirm: confirmed, cancel: !confirmed });
    };
    cancel.onclick = answer(false);
    confirm.onclick = answer(true);
  }).then((choice) => settle('showModal', options, choice));
}

interface ActionSheetOptions extends Callbacks<{ tapIndex: number }> {
  alertText?: string;
  itemList: string[];
  itemColor?: string;
}

/** The sheet of choices from the bottom of the screen; rejects when the user cancels. */
export function showActionSheet(options: ActionSheetOptions) {
  const el = element('taro__actionSheet');
  const mask = element('taro-actionsheet__mask', el);
  const sheet = element('taro-actionsheet__sheet', el);
  const menu = element('taro-actionsheet__menu', sheet);
  if (options.alertText) element('taro-actionsheet__title', menu).textContent = options.alertText;
  const cells = options.itemList.map((item) => {
    const cell = element('taro-actionsheet__cell', menu);
    cell.textContent = item;
    cell.style.color = options.itemColor ?? '';
    return cell;
  });
  const cancel = element('taro-actionsheet__cancel', sheet);
  cancel.textContent = t('common.cancel');
  document.body.appendChild(el);
  window.setTimeout(() => el.classList.add('taro__actionSheet--shown'), 0);
  return new Promise<number | null>((resolve) => {
    const close = (tapIndex: number | null) => () => {
      el.classList.remove('taro__actionSheet--shown');
      window.setTimeout(() => el.remove(), 300);
      resolve(tapIndex);
    };
    cells.forEach((cell, index) => (cell.onclick = close(index)));
    mask.onclick = close(null);
    cancel.onclick = close(null);
  }).then((tapIndex) => settle('showActionSheet', options, tapIndex === null ? 'cancel' : { tapIndex }));
}

/** Taro's H5 has neither; the app asks for neither. */
export function enableAlertBeforeUnload() {
  return settle('enableAlertBeforeUnload', {}, 'not supported on H5');
}

export function disableAlertBeforeUnload() {
  return settle('disableAlertBeforeUnload', {}, 'not supported on H5');
}
