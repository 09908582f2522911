import { useCallback, useEffect, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COOKIE_MAX_AGE_SECONDS } from '@/common/limits';
import { readCookie, writeCookie } from '@/web/lib/cookies';
import { useMediaQuery } from '@/web/lib/useMediaQuery';

/** Whether the desktop sidebar is expanded ('true') or icon-only ('false'). */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_TOOLTIP_DELAY_MS = 700;
/** Ctrl+B, or Cmd+B on a Mac. */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

export interface SidebarState {
  /** Under the mobile breakpoint the sidebar is a drawer. */
  isMobile: boolean;
  /** Desktop: expanded (true) or icon-only (false); remembered in a cookie. */
  open: boolean;
  /** Mobile: whether the drawer is showing. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

/** The sidebar's state, its cookie and its keyboard shortcut. */
export function useSidebar(): SidebarState {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [open, setOpen] = useState(() => readCookie(SIDEBAR_COOKIE_NAME) !== 'false');
  const [openMobile, setOpenMobile] = useState(false);
  const openRef = useRef(open);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value);
      return;
    }
    const next = !openRef.current;
    openRef.current = next;
    setOpen(next);
    writeCookie(SIDEBAR_COOKIE_NAME, String(next), SIDEBAR_COOKIE_MAX_AGE_SECONDS);
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, open, openMobile, setOpenMobile, toggle };
}
