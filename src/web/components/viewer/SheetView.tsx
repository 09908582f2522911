import { Button, Flex, Segmented, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { ViewerLineage, ViewerSheet } from '@/web/api/generated';
import { nounFor } from '@/web/lib/countNoun';
import type { MappingFixStart } from './FixMappingDialog';
import { LineagePanel } from './LineagePanel';
import { type GridCell, SheetGrid } from './SheetGrid';
import { useRowWindows } from './useRowWindows';
import { isFlaggedSheet, issuePlace, issueRef, type ViewerPlace } from './viewerPlace';
import { type LineageQuery, tracesLineage, useRowsReader, type ViewerFilter, type ViewerSource } from './viewerSource';

const FILTERS: { value: ViewerFilter; label: string }[] = [
  { value: 'all', label: 'All rows' },
  { value: 'errors', label: 'Only errors' },
  { value: 'warnings', label: 'Only warnings' },
];

interface SheetViewProps {
  source: ViewerSource;
  sheet: ViewerSheet;
  place: ViewerPlace;
  /** The Scrubbed sheet, where an Issues row leads. */
  scrubbed: ViewerSheet | undefined;
  onPlace: (place: ViewerPlace) => void;
  /** On the Sources sheet, for whoever may fix mappings: starts a fix of the selected row's sheet. */
  onFixMapping?: (start: MappingFixStart) => void;
}

/** The Sources sheet's column naming each row's sheet. */
const SOURCES_SHEET_COLUMN = 'Sheet';

/** Spreadsheet column letters for a sheet without headers: A, B, ... Z, AA, AB ... */
function columnLetters(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    let letters = '';
    for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
    return letters;
  });
}

/** The cell a target names, as a cell of the grid (its position is its index: targets open unfiltered). */
function targetCell(place: ViewerPlace): GridCell | null {
  return place.target ? { position: place.target.index, column: place.target.column ?? 0 } : null;
}

/**
 * One sheet of one version: the filter (on the Scrubbed sheet), the grid, and the lineage of the
 * selected cell. A cell of Consolidated or Scrubbed opens its lineage; a row of Issues leads to its
 * Scrubbed row; on the Sources sheet, an admin fixes the mapping of the selected row's sheet.
 * Mounted afresh for each sheet and filter, so nothing of another one lingers.
 */
export function SheetView({ source, sheet, place, scrubbed, onPlace, onFixMapping }: SheetViewProps) {
  const read = useRowsReader(source);
  const { version, filter } = place;
  const windows = useRowWindows(
    useCallback((offset: number, limit: number) => read({ version, sheet: sheet.index, filter, offset, limit }), [read, version, sheet.index, filter]),
    filter === 'all' ? sheet.rowCount : null,
  );
  // The same array while the names are the same: the grid makes its columns again only when they change
  // (a sheet that names its columns does not wait for its rows to say how many there are).
  const lettered = sheet.columns.length > 0 ? 0 : windows.widest;
  const gridColumns = useMemo(() => (sheet.columns.length > 0 ? sheet.columns : columnLetters(lettered)), [sheet.columns, lettered]);
  const [selected, setSelected] = useState<GridCell | null>(() => targetCell(place));
  const [lineageOpen, setLineageOpen] = useState(false);
  const traced = place.target?.column != null ? targetCell(place) : null;

  const lineageVersion = version === 'consolidated' || version === 'scrubbed' ? version : null;
  const traceable = tracesLineage(source) && lineageVersion !== null && sheet.kind === 'data';
  const selectedRow = selected ? windows.rowAt(selected.position) : undefined;
  const lineageQuery: LineageQuery | null =
    lineageOpen && traceable && selected && selectedRow && lineageVersion ? { version: lineageVersion, sheet: sheet.index, row: selectedRow.index, column: selected.column } : null;

  const open = (cell: GridCell) => {
    if (traceable) setLineageOpen(true);
    const row = windows.rowAt(cell.position);
    if (version === 'scrubbed' && sheet.kind === 'issues' && scrubbed && row) void issuePlace(issueRef(sheet.columns, row.cells), scrubbed, read).then(onPlace);
  };
  const close = () => {
    if (!lineageOpen) return false;
    setLineageOpen(false);
    return true;
  };
  const fixMapping = () => onFixMapping?.({ sheet: selectedRow?.cells[sheet.columns.indexOf(SOURCES_SHEET_COLUMN)] ?? null });
  const showRaw = (lineage: ViewerLineage) => onPlace({ version: 'raw', sheet: lineage.raw.sheet, filter: 'all', target: { index: lineage.raw.row, column: lineage.raw.column } });

  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary" aria-live="polite">
          {windows.total === null ? 'Counting rows...' : `${windows.total.toLocaleString()} ${nounFor(windows.total, 'rows')}`}
          {sheet.kind === 'issues' && scrubbed ? ' · choose an issue to see its row' : ''}
        </Typography.Text>
        {isFlaggedSheet(version, sheet) && (
          <Segmented<ViewerFilter> aria-label="Show rows" options={FILTERS} value={filter} onChange={(value) => onPlace({ ...place, filter: value, target: null })} />
        )}
        {onFixMapping && <Button onClick={fixMapping}>Fix mapping</Button>}
      </Flex>
      <SheetGrid
        label={`${sheet.name} rows`}
        columns={gridColumns}
        windows={windows}
        selected={selected}
        traced={traced}
        onSelect={setSelected}
        onOpen={open}
        onClose={close}
      />
      {lineageQuery && <LineagePanel source={source} query={lineageQuery} onShowRaw={showRaw} onClose={() => setLineageOpen(false)} />}
    </Flex>
  );
}
