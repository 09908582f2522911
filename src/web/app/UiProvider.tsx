import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/** Ant Design's theme, for every screen; the signed-in areas add the toasts' context (FeedbackProvider). */
export function UiProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>{children}</ConfigProvider>;
}
