import { Alert, Empty, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { FileType, ViewerOverview, ViewerSummary } from '@/web/api/generated';
import { ProcessingDots } from '@/web/components/uploads/ProcessingDots';
import { isInProgress } from '@/web/components/uploads/uploadStages';
import { errorMessage } from '@/web/lib/errorMessage';
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
const SUMMARY = 'summary';

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

/** The viewer once its pack is ready: the summary first, then a tab per version; an admin can fix mappings from both. */
function ReadyViewer({ source, overview, canFixMapping }: { source: ViewerSource; overview: ViewerOverview; canFixMapping: boolean }) {
  const [tab, setTab] = useState<string>(overview.summary ? SUMMARY : (overview.versions[0]?.version ?? SUMMARY));
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

  const tabs = (
    <Tabs
      aria-label="Versions"
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: SUMMARY,
          label: 'Summary',
          children: overview.summary ? (
            <SummaryPanel summary={overview.summary} onRule={(rule) => scrubbed && go(rulePlace(rule, scrubbed.index))} onFixMapping={onFixMapping} />
          ) : (
            <Empty description="No summary was stored for this file." />
          ),
        },
        ...VERSIONS.map(({ version, label }) => {
          const present = overview.versions.some((candidate) => candidate.version === version);
          return {
            key: version,
            label: present ? label : `${label} (N/A)`,
            disabled: !present,
            children:
              present && tab === version ? <VersionSheets source={source} overview={overview} place={placeOf(version)} onPlace={go} onFixMapping={onFixMapping} /> : null,
          };
        }),
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
 * While the worker prepares the viewer. An upload this tab follows (processed again after a mapping
 * fix) shows its live progress meanwhile.
 */
function PreparingNotice({ source }: { source: ViewerSource }) {
  const live = useLiveUpload(source.area === 'system' ? undefined : source.uploadId);
  return (
    <Flex vertical gap="small" aria-live="polite">
      <Typography.Paragraph style={{ margin: 0 }}>Preparing the viewer...</Typography.Paragraph>
      {live && isInProgress(live.status) && <ProcessingDots status={live.status} message={live.message} />}
    </Flex>
  );
}

/**
 * The review viewer of an upload or a consolidated file: what the worker prepared when it processed
 * the file, read a window at a time. While the worker prepares it, it says so and asks again every few
 * seconds; when there is nothing to view, it says why. `canFixMapping` (an admin's review of an
 * upload) offers 'Fix mapping' on the summary's mapping warnings and the Sources sheet.
 */
export function UploadViewer({ source, canFixMapping = false }: { source: ViewerSource; canFixMapping?: boolean }) {
  const [preparing, setPreparing] = useState(false);
  const { currentData, error, isLoading } = useViewerOverview(source, preparing ? PREPARING_POLL_MS : 0);
  const overview = currentData?.data;
  const nowPreparing = overview?.state === 'PREPARING';
  if (nowPreparing !== preparing && overview) setPreparing(nowPreparing);

  return (
    <section aria-label="File viewer" className="upload-viewer">
      {overview?.state === 'READY' ? (
        <ReadyViewer source={source} overview={overview} canFixMapping={canFixMapping} />
      ) : overview?.state === 'PREPARING' ? (
        <PreparingNotice source={source} />
      ) : overview ? (
        // Not an alert: nothing went wrong, there is only nothing to see.
        <Alert type="info" role="status" showIcon title={overview.message ?? 'There is nothing to view for this file.'} />
      ) : isLoading ? (
        <Typography.Paragraph>Loading the viewer...</Typography.Paragraph>
      ) : error ? (
        <Alert type="error" showIcon title={errorMessage(error, 'Failed to load the viewer')} />
      ) : null}
    </section>
  );
}
