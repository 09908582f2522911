import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/common/limits';

/** Toasts last 4 s, with at most 3 on screen (spec section 9). */
const toastConfig = { duration: TOAST_DURATION_MS / 1000, maxCount: TOAST_MAX_VISIBLE };

/**
 * Ant Design's theme and the App context that toasts and dialogs render through. Toasts stack in
 * the bottom-right corner: screens keep their actions at the top (a ticket's Update Status and
 * Delete sit top right), and a stack of toasts there would cover them.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <App notification={{ ...toastConfig, placement: 'bottomRight' }} message={toastConfig}>
        {children}
      </App>
    </ConfigProvider>
  );
}
