import { type GetRef, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, type KeyboardEvent, type MouseEvent, useEffect, useId, useMemo, useRef } from 'react';
import type { ViewerRow } from '@/web/api/generated';
import { LoadError } from '@/web/components/LoadError';
import type { RowWindows } from './useRowWindows';
import { CellText, issuesOf, RowNumber } from './viewerCells';

/** A cell by its position in the grid (the row's place under the filter) and its column. */
export interface GridCell {
  position: number;
  column: number;
}

/**
 * A line of the table: only its place. Its row is read from the windows when the line is drawn, so
 * the lines (the table's data) stay the same array while windows arrive; a new array would make the
 * table copy, index and measure every line of the sheet again for each window.
 */
interface GridLine {
  key: number;
  position: number;
}

const NUMBER_WIDTH = 88;
const COLUMN_WIDTH = 160;
/** The grid's height: about fifteen rows, enough to read and small enough for a dialog on a laptop. */
const GRID_HEIGHT = 420;

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

interface SheetGridProps {
  /** What the grid is called for screen readers: the sheet's name. */
  label: string;
  columns: string[];
  windows: RowWindows;
  selected: GridCell | null;
  /** A cell traced from another version, highlighted until another is selected. */
  traced: GridCell | null;
  onSelect: (cell: GridCell) => void;
  /** A cell clicked or Enter pressed on the selected one. */
  onOpen: (cell: GridCell) => void;
  /** Escape: answers whether there was something to close (so the dialog around stays open). */
  onClose: () => boolean;
}

/** Calls `need` for the row a line shows: rows are fetched as they are drawn, and only those. */
function NeededRow({ line, row, need }: { line: GridLine; row: ViewerRow | undefined; need: RowWindows['need'] }) {
  const drawn = row !== undefined;
  useEffect(() => need(line.position, drawn), [line.position, drawn, need]);
  return <RowNumber row={row} />;
}

/** A cell's element id, which the grid's aria-activedescendant names. */
function cellIdOf(gridId: string, cell: GridCell): string {
  return `${gridId}-${cell.position}-${cell.column}`;
}

function cellClass(cell: GridCell, selected: GridCell | null, traced: GridCell | null, row: ViewerRow | undefined): string {
  const classes = [];
  const issues = issuesOf(row, cell.column);
  if (issues.length > 0) classes.push(issues.some((issue) => issue.severity === 'error') ? 'viewer-cell-error' : 'viewer-cell-warning');
  if (traced && traced.position === cell.position && traced.column === cell.column) classes.push('viewer-cell-traced');
  if (selected && selected.position === cell.position && selected.column === cell.column) classes.push('viewer-cell-selected');
  return classes.join(' ');
}

/**
 * One sheet's rows as a virtual table: only the rows in view are drawn, and drawing a row asks for
 * its window of rows (and the next), so any length scrolls at the same cost. The grid takes the focus
 * as a whole and moves its selected cell with the arrow keys (aria-activedescendant names it).
 *
 * The table's data and columns change only with the sheet's length and its column names: what a line
 * shows (its row, its marks, the selected and traced cell) is read when it is drawn, and the grid is
 * drawn again when a window arrives or the selection moves. Changing either would make the table go
 * over every line of the sheet again, for each window that arrives while the reader scrolls.
 */
export function SheetGrid({ label, columns, windows, selected, traced, onSelect, onOpen, onClose }: SheetGridProps) {
  const table = useRef<GetRef<typeof Table>>(null);
  const grid = useRef<HTMLDivElement>(null);
  const gridId = useId();
  const { total, rowAt, need } = windows;

  // What the cells read as they are drawn: the latest of each, whichever drawing the columns were made in.
  const now = useRef({ selected, traced, onSelect, onOpen });
  now.current = { selected, traced, onSelect, onOpen };

  const lines = useMemo<GridLine[]>(() => Array.from({ length: total ?? 0 }, (_, position) => ({ key: position, position })), [total]);

  const scrollTarget = traced ?? selected;
  useEffect(() => {
    if (scrollTarget && total !== null) table.current?.scrollTo({ index: scrollTarget.position, align: 'start' });
    // Only when the grid opens on a target; later moves scroll themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [total !== null]);

  const gridColumns = useMemo<TableColumnsType<GridLine>>(
    () => [
      { key: 'number', title: '#', width: NUMBER_WIDTH, fixed: 'left', render: (_value, line) => <NeededRow line={line} row={rowAt(line.position)} need={need} /> },
      ...columns.map((title, column) => ({
        key: String(column),
        title,
        width: COLUMN_WIDTH,
        ellipsis: true,
        render: (_value: unknown, line: GridLine) => {
          const row = rowAt(line.position);
          return <CellText text={row?.cells[column] ?? null} issues={issuesOf(row, column)} />;
        },
        onCell: (line: GridLine) => {
          const cell = { position: line.position, column };
          const { selected: selectedNow, traced: tracedNow } = now.current;
          return {
            id: cellIdOf(gridId, cell),
            role: 'gridcell',
            'aria-selected': selectedNow?.position === line.position && selectedNow.column === column,
            className: cellClass(cell, selectedNow, tracedNow, rowAt(line.position)),
            // The grid keeps the focus (the arrow keys move from the clicked cell): a cell focused
            // itself would make the browser scroll the body sideways to show it whole, under a
            // header that does not follow.
            onMouseDown: (event: MouseEvent) => {
              event.preventDefault();
              grid.current?.focus({ preventScroll: true });
            },
            onClick: () => {
              now.current.onSelect(cell);
              now.current.onOpen(cell);
            },
          };
        },
      })),
    ],
    [columns, rowAt, need, gridId],
  );
  const cellId = (cell: GridCell) => cellIdOf(gridId, cell);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = MOVES[event.key];
    if (step && total) {
      event.preventDefault();
      const from = selected ?? { position: 0, column: 0 };
      const next = {
        position: Math.min(Math.max(from.position + (selected ? step[0] : 0), 0), total - 1),
        column: Math.min(Math.max(from.column + (selected ? step[1] : 0), 0), columns.length - 1),
      };
      onSelect(next);
      table.current?.scrollTo({ index: next.position, align: 'nearest' });
    } else if (event.key === 'Enter' && selected) {
      event.preventDefault();
      onOpen(selected);
    } else if (event.key === 'Escape' && onClose()) {
      event.stopPropagation();
    }
  };

  return (
    <div
      ref={grid}
      role="grid"
      aria-label={label}
      aria-rowcount={total ?? -1}
      aria-colcount={columns.length + 1}
      aria-activedescendant={selected ? cellId(selected) : undefined}
      tabIndex={0}
      className="viewer-grid"
      onKeyDown={move}
    >
      {windows.error && <LoadError error={null} fallback={windows.error} onRetry={windows.retry} />}
      <Table<GridLine>
        ref={table}
        virtual
        size="small"
        bordered
        rowKey="key"
        columns={gridColumns}
        dataSource={lines}
        pagination={false}
        loading={total === null && !windows.error}
        scroll={{ x: NUMBER_WIDTH + COLUMN_WIDTH * columns.length, y: GRID_HEIGHT }}
        rowClassName={(line) => {
          const severity = rowAt(line.position)?.severity;
          return severity ? `viewer-row-${severity}` : '';
        }}
        onRow={(line) => ({ role: 'row', 'aria-rowindex': line.position + 1 }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
