import { Alert, Empty, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { FileType, ViewerOverview, ViewerSummary } from '@/web/api/generated';
import { ProcessingDots } from '@/web/components/uploads/ProcessingDots';
import { LoadError } from '@/web/components/LoadError';
import { isInProgress } from '@/web/components/uploads/uploadStages';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { FixMappingDialog, type MappingFixStart } from './FixMappingDialog';
import { SheetView } from './SheetView';
import { SummaryPanel } from './SummaryPanel';
import { scrubbedDataSheet, type ViewerPlace } from './viewerPlace';
import { PREPARING_POLL_MS, useViewerOverview, type ViewerSource } from './viewerSource';
import './viewer.css';

const VERSIONS: { version: FileType; label: string }[] = [
  { version: 'raw', label: 'Raw' },
  { version: 'consolidated', label: 'Consolidated' },
  { version: 'scrubbed', label: 'Scrubbed' },
];
const SUMMARY = 'summary' as const;

/** How wide a dialog holding the viewer is: room for several columns; a narrow screen keeps its margins and scrolls. */
export const VIEWER_DIALOG_WIDTH = 1200;

type RuleCount = ViewerSummary['issuesByRule'][number];

/** Where a rule leads: its first flagged Scrubbed row, or the Scrubbed grid filtered to its severity. */
function rulePlace(rule: RuleCount, scrubbedSheet: number): ViewerPlace {
  if (rule.firstRow === null) return { version: 'scrubbed', sheet: scrubbedSheet, filter: rule.severity === 'error' ? 'errors' : 'warnings', target: null };
  return { version: 'scrubbed', sheet: scrubbedSheet, filter: 'all', target: { index: rule.firstRow, column: null } };
}

interface VersionSheetsProps {
  source: ViewerSource;
  overview: ViewerOverview;
  place: ViewerPlace;
  onPlace: (place: ViewerPlace) => void;
  /** Starts a mapping fix; absent when the viewer may not fix mappings. */
  onFixMapping?: (start: MappingFixStart) => void;
}

/** The version's tab: its sheets as tabs of their own, each a grid. */
function VersionSheets({ source, overview, place, onPlace, onFixMapping }: VersionSheetsProps) {
  const sheets = overview.versions.find(({ version }) => version === place.version)?.sheets ?? [];
  if (sheets.length === 0) return <Empty description="This version has no sheets." />;
  return (
    <Tabs
      size="small"
      type="card"
      aria-label="Sheets"
      activeKey={String(place.sheet)}
      onChange={(key) => onPlace({ version: place.version, sheet: Number(key), filter: 'all', target: null })}
      items={sheets.map((sheet) => ({
        key: String(sheet.index),
        label: sheet.name,
        children:
          sheet.index === place.sheet ? (
            <SheetView
              key={`${place.version}:${sheet.index}:${place.filter}:${place.target?.index ?? ''}:${place.target?.column ?? ''}`}
              source={source}
              sheet={sheet}
              place={place}
              scrubbed={scrubbedDataSheet(overview)}
              onPlace={onPlace}
              onFixMapping={sheet.kind === 'sources' ? onFixMapping : undefined}
            />
          ) : null,
      }))}
    />
  );
}

/** What the viewer shows: the engine's summary, or one version's sheets. */
export type ViewerTab = typeof SUMMARY | FileType;

/**
 * Which tab a viewer shows, when the screen holding it chooses (the admin's review dialog, whose one
 * version switcher also holds each version's comments): the viewer then shows no tabs of its own, and
 * tells the screen when it moves itself (a rule of the summary leads to the Scrubbed sheet).
 */
export interface ViewerTabControl {
  tab: ViewerTab;
  onTabChange: (tab: ViewerTab) => void;
}

interface ReadyViewerProps {
  source: ViewerSource;
  overview: ViewerOverview;
  canFixMapping: boolean;
  control?: ViewerTabControl;
}

/** The viewer once its pack is ready: the summary first, then a tab per version; an admin can fix mappings from both. */
function ReadyViewer({ source, overview, canFixMapping, control }: ReadyViewerProps) {
  const [ownTab, setOwnTab] = useState<string>(overview.summary ? SUMMARY : (overview.versions[0]?.version ?? SUMMARY));
  const tab = control?.tab ?? ownTab;
  const setTab = (next: ViewerTab) => (control ? control.onTabChange(next) : setOwnTab(next));
  const [fixing, setFixing] = useState<MappingFixStart | null>(null);
  const fixable = canFixMapping && source.area === 'company' && overview.summary !== null;
  const onFixMapping = fixable ? setFixing : undefined;
  const [places, setPlaces] = useState<Partial<Record<FileType, ViewerPlace>>>({});
  const placeOf = (version: FileType): ViewerPlace => places[version] ?? { version, sheet: 0, filter: 'all', target: null };
  const go = (place: ViewerPlace) => {
    setPlaces((current) => ({ ...current, [place.version]: place }));
    setTab(place.version);
  };
  const scrubbed = scrubbedDataSheet(overview);
  const present = (version: FileType) => overview.versions.some((candidate) => candidate.version === version);

  /** What a tab shows; only the open one is drawn. */
  const paneOf = (key: string) => {
    if (key === SUMMARY) {
      return overview.summary ? (
        <SummaryPanel summary={overview.summary} onRule={(rule) => scrubbed && go(rulePlace(rule, scrubbed.index))} onFixMapping={onFixMapping} />
      ) : (
        <Empty description="No summary was stored for this file." />
      );
    }
    const version = key as FileType;
    if (!present(version)) return <Empty description="There is no such version of this file." />;
    return <VersionSheets source={source} overview={overview} place={placeOf(version)} onPlace={go} onFixMapping={onFixMapping} />;
  };

  const tabs = control ? (
    paneOf(tab)
  ) : (
    <Tabs
      aria-label="Versions"
      activeKey={tab}
      onChange={setTab as (key: string) => void}
      items={[
        { key: SUMMARY, label: 'Summary', children: tab === SUMMARY ? paneOf(SUMMARY) : null },
        ...VERSIONS.map(({ version, label }) => ({
          key: version,
          label: present(version) ? label : `${label} (N/A)`,
          disabled: !present(version),
          children: present(version) && tab === version ? paneOf(version) : null,
        })),
      ]}
    />
  );
  return (
    <>
      {tabs}
      {fixing && source.area === 'company' && overview.summary && (
        <FixMappingDialog uploadId={source.uploadId} sheets={overview.summary.sheets} start={fixing} onClose={() => setFixing(null)} />
      )}
    </>
  );
}

/**
 * While the upload is processed and then its review (the viewer's rows) is prepared by a job of its
 * own. An upload this tab follows (processed again after a mapping fix) shows its live progress meanwhile.
 */
function PreparingNotice({ source }: { source: ViewerSource }) {
  const live = useLiveUpload(source.area === 'system' ? undefined : source.uploadId);
  return (
    <Flex vertical gap="small" aria-live="polite">
      <Typography.Paragraph style={{ margin: 0 }}>Preparing the review…</Typography.Paragraph>
      {live && isInProgress(live.status) && <ProcessingDots status={live.status} message={live.message} progress={live.progress} />}
    </Flex>
  );
}

/**
 * The review viewer of an upload or a consolidated file: what the worker prepared when it processed
 * the file, read a window at a time. While the worker prepares it, it says so and asks again every few
 * seconds; when there is nothing to view, it says why. `canFixMapping` (an admin's review of an
 * upload) offers 'Fix mapping' on the summary's mapping warnings and the Sources sheet. With `control`
 * the screen holding the viewer chooses its tab (see ViewerTabControl).
 */
export function UploadViewer({ source, canFixMapping = false, control }: { source: ViewerSource; canFixMapping?: boolean; control?: ViewerTabControl }) {
  const [preparing, setPreparing] = useState(false);
  const { currentData, error, isLoading, isFetching, refetch } = useViewerOverview(source, preparing ? PREPARING_POLL_MS : 0);
  const overview = currentData?.data;
  const nowPreparing = overview?.state === 'PREPARING';
  if (nowPreparing !== preparing && overview) setPreparing(nowPreparing);

  return (
    <section aria-label="File viewer" className="upload-viewer">
      {overview?.state === 'READY' ? (
        <ReadyViewer source={source} overview={overview} canFixMapping={canFixMapping} control={control} />
      ) : overview?.state === 'PREPARING' ? (
        <PreparingNotice source={source} />
      ) : overview ? (
        // Not an alert: nothing went wrong, there is only nothing to see.
        <Alert type="info" role="status" showIcon title={overview.message ?? 'There is nothing to view for this file.'} />
      ) : isLoading ? (
        <Typography.Paragraph>Loading the viewer...</Typography.Paragraph>
      ) : error ? (
        <LoadError error={error} fallback="Failed to load the viewer" onRetry={() => void refetch()} retrying={isFetching} />
      ) : null}
    </section>
  );
}
