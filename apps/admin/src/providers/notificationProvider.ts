import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';

/**
 * refine's notices through antd's notification, as @refinedev/antd's provider does, without
 * loading that package (and the components it holds) on the login page. The console never uses
 * undoable mutations, so a `progress` notice is shown as a plain one rather than with an undo button.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) =>
      notification.open({ key, description: message, message: description ?? null, type: type === 'progress' ? 'info' : type }),
    close: (key) => notification.destroy(key),
  };
}
