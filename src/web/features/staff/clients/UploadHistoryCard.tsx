import { Card, Divider, Flex, Typography } from 'antd';
import type { ClientWeek, StaffPagination, Upload } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { RangePager } from '@/web/components/RangePager';
import { type Noun } from '@/web/lib/countNoun';
import { weekRangeLabel } from '@/web/lib/weekRangeLabel';
import { UploadFacts } from './UploadFacts';
import { WeekNextStep } from './WeekNextStep';
import { uploadWeekStatus, WeekStatusTag } from './WeekStatusTag';

const WEEKS: Noun = { singular: 'week', plural: 'weeks' };

const plainList = { margin: 0, padding: 0, listStyle: 'none' } as const;

/** Uploads of a week that a newer one replaced (a rejected upload sent again), newest first. */
function EarlierVersions({ versions, documentTitle }: { versions: Upload[]; documentTitle: string }) {
  return (
    <section aria-label="Earlier versions" style={{ marginTop: 12, paddingLeft: 16, borderLeft: '2px solid rgba(0, 0, 0, 0.06)' }}>
      <Typography.Title level={4} style={{ fontSize: 14, marginTop: 0 }}>
        Earlier versions
      </Typography.Title>
      <Flex component="ol" vertical gap="middle" style={plainList}>
        {versions.map((version) => (
          <li key={version.upload_id}>
            <WeekStatusTag status={uploadWeekStatus(version)} />
            <div style={{ marginTop: 8 }}>
              <UploadFacts upload={version} documentTitle={documentTitle} />
            </div>
          </li>
        ))}
      </Flex>
    </section>
  );
}

/** One week: its state (and what to do when it was rejected or failed), the upload that counts for it, and the versions it replaced. */
function HistoryWeek({ week, documentTitle, clientId }: { week: ClientWeek; documentTitle: string; clientId: string }) {
  const range = weekRangeLabel(week.weekStart, week.weekEnd);
  return (
    <section aria-label={`Week of ${range}`}>
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
          {range}
        </Typography.Title>
        <WeekStatusTag status={week.weekStatus} />
      </Flex>
      <WeekNextStep week={week} clientId={clientId} />
      {week.upload ? (
        <UploadFacts upload={week.upload} documentTitle={documentTitle} />
      ) : (
        <Typography.Text type="secondary">No upload this week</Typography.Text>
      )}
      {week.earlierVersions.length > 0 && <EarlierVersions versions={week.earlierVersions} documentTitle={documentTitle} />}
    </section>
  );
}

interface UploadHistoryCardProps {
  weeks: ClientWeek[];
  /** The required document's title, which downloads name in their toasts. */
  documentTitle: string;
  pagination: StaffPagination;
  page: number;
  pageSize: number;
  /** A page of weeks is on its way; the shown one stays until it arrives. */
  fetching: boolean;
  clientId: string;
  onPageChange: (page: number) => void;
}

/** Every week the client's document was uploaded, newest first, paged by weeks. */
export function UploadHistoryCard({ weeks, documentTitle, pagination, page, pageSize, fetching, clientId, onPageChange }: UploadHistoryCardProps) {
  const total = pagination.totalCount;
  return (
    <Card
      role="region"
      aria-label="Upload history"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Upload history
        </Typography.Title>
      }
    >
      {weeks.length === 0 ? (
        <EmptyState title="No uploads yet" description="Weekly uploads for this client will appear here, newest first." />
      ) : (
        <div aria-busy={fetching}>
          <ol style={plainList}>
            {weeks.map((week, index) => (
              <li key={week.weekStart}>
                {index > 0 && <Divider style={{ margin: '16px 0' }} />}
                <HistoryWeek week={week} documentTitle={documentTitle} clientId={clientId} />
              </li>
            ))}
          </ol>
          <RangePager
            page={page}
            pageSize={pageSize}
            total={total}
            totalPages={pagination.totalPages}
            noun={WEEKS}
            onChange={onPageChange}
          />
        </div>
      )}
    </Card>
  );
}
