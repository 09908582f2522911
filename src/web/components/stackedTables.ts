import { useEffect } from 'react';
import './stackedTables.css';

/**
 * The class of a list table that becomes a stack of cards below the spec's 768 px breakpoint (see
 * stackedTables.css): one card per row, each value under its column's name, so nothing reaches past
 * the screen's edge and every action stays on it.
 */
export const STACKED_ON_PHONE = 'stacked-on-phone';

/** Writes each header's text on the cells of its column, for the cards to name their values with. */
function labelCells(table: HTMLTableElement): void {
  const headers = Array.from(table.querySelectorAll<HTMLTableCellElement>('thead th:not(.ant-table-cell-scrollbar)'), (header) =>
    (header.querySelector('.ant-table-column-title') ?? header).textContent?.trim() ?? '',
  );
  for (const row of Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row'))) {
    Array.from(row.cells).forEach((cell, index) => {
      const label = headers[index] ?? '';
      if (cell.dataset.label !== label) cell.dataset.label = label;
    });
  }
}

/**
 * Names the values of the stacked tables' cards after their columns. The tables are Ant Design's,
 * which take no attribute per cell from outside; so the labels are written in one place for every
 * stacked table, again whenever the page changes.
 */
export function useStackedTableLabels(): void {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => document.querySelectorAll<HTMLTableElement>(`.${STACKED_ON_PHONE} table`).forEach(labelCells));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    check();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
}
