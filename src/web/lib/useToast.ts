import { App } from 'antd';
import { useMemo } from 'react';

export interface Toast {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
  info(title: string, description?: string): void;
}

/** Toasts of spec section 9 (their lifetime and count are set once on the app provider). */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description }),
      error: (title, description) => notification.error({ title, description }),
      info: (title, description) => notification.info({ title, description }),
    }),
    [notification],
  );
}
