import { useEffect } from 'react';

/** The boxes Ant Design's tables scroll in when their rows are wider (or, with a fixed header, taller) than the space. */
const SCROLL_BOXES = '.ant-table-content, .ant-table-body';

/** Whether the box has more to show than it has room for. */
function scrolls(box: HTMLElement): boolean {
  return box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
}

/** What the box belongs to, for its name: the dialog's title, or the screen's. */
function ownerTitle(box: HTMLElement): string {
  const dialog = box.closest('.ant-modal');
  const title = (dialog ?? document.querySelector('main'))?.querySelector(dialog ? '.ant-modal-title' : 'h1')?.textContent?.trim();
  return title ? `${title} table` : 'Table';
}

/** Makes a box that scrolls a named stop of the Tab key, and one that no longer scrolls an ordinary box again. */
function mark(box: HTMLElement): void {
  if (scrolls(box)) {
    if (box.tabIndex === 0) return;
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', `${ownerTitle(box)}, scrolls`);
    box.dataset.keyboardScroll = 'true';
  } else if (box.dataset.keyboardScroll) {
    box.removeAttribute('tabindex');
    box.removeAttribute('role');
    box.removeAttribute('aria-label');
    delete box.dataset.keyboardScroll;
  }
}

/**
 * Scrollable tables reachable by keyboard (WCAG 2.1.1): a table whose columns or rows overflow its
 * box can be scrolled only with a pointer unless the box takes the focus, so every such box on the
 * page (screens and dialogs) becomes a focusable region named after its screen or dialog, where the
 * arrow keys scroll it. In one place for every table, rather than per table: the boxes are Ant
 * Design's own and whether one scrolls depends on the screen's width. Checked again whenever the
 * page changes or is resized.
 */
export function useKeyboardScrollRegions(): void {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => document.querySelectorAll<HTMLElement>(SCROLL_BOXES).forEach(mark));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', check);
    check();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', check);
    };
  }, []);
}
