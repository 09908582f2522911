import { App } from 'antd';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '@/common/limits';

/** Toasts last 4 s, with at most 3 on screen (spec section 9). */
const toastConfig = { duration: TOAST_DURATION_MS / 1000, maxCount: TOAST_MAX_VISIBLE };

/**
 * Ant Design's App context that toasts and dialogs render through, around the signed-in areas (the
 * login screens show neither, and do without its code). Toasts stack in the bottom-right corner:
 * screens keep their actions at the top (a ticket's Update Status and Delete sit top right), and a
 * stack of toasts there would cover them.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  return (
    <App notification={{ ...toastConfig, placement: 'bottomRight' }} message={toastConfig}>
      {children}
    </App>
  );
}
