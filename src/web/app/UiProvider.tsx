import { ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { useMediaQuery } from '@/web/lib/useMediaQuery';

/**
 * Text on its background at 4.5:1 or more everywhere (WCAG 2.1 AA, 1.4.3), set once here rather
 * than per screen. Ant Design's defaults fall short: its blue (#1677ff) under white or on white
 * text is 4.1:1, secondary text (45 % black) 3.4:1, placeholders 1.8:1, its red 3.3:1. The blue
 * and red move one shade darker; grey texts get darker. Tags write their text in the status or
 * preset colour on that colour's palest tint: their text colours move to the shades that reach
 * 4.5:1 on the tint, for tags only, so alerts, icons and progress keep the familiar hues.
 */
export const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#874d00',
      green7: '#237804',
      gold7: '#874d00',
      orange7: '#ad4e00',
      cyan7: '#006d75',
      volcano7: '#ad2102',
    },
  },
};

/** The same theme without Ant Design's motion: dialogs, menus, tabs and toasts appear and go at once. */
const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };

/**
 * Ant Design's theme, for every screen; the signed-in areas add the toasts' context (FeedbackProvider).
 * A person whose system asks for reduced motion gets no animations (WCAG 2.1, 2.3.3).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return <ConfigProvider theme={reduceMotion ? STILL_THEME : THEME}>{children}</ConfigProvider>;
}
