import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag } from 'antd';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { EmptyState } from '@/web/components/EmptyState';
import { NumberedPager } from '@/web/components/NumberedPager';
import { PageHeader } from '@/web/components/PageHeader';
import { countOf, type Noun } from '@/web/lib/countNoun';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { AuditLogFilters } from './AuditLogFilters';
import { AuditLogTable } from './AuditLogTable';
import { type AuditFilterValues, type AuditScope, NO_AUDIT_FILTERS, useAuditOptions, useAuditPage } from './auditScope';
import { useAuditExport } from './useAuditExport';

const ENTRIES: Noun = { singular: 'entry', plural: 'entries' };

const SUBTITLES: Record<AuditScope, string> = {
  system: 'Who changed what, in every company',
  company: 'Who changed what in your company',
};

/**
 * The audit log (operators: /system/audit, every company; admins: /admin/audit, their own): who did
 * what, when, to which record, 50 a page. The filters and the page live in the address; Export CSV
 * downloads every entry the filters select.
 */
export function AuditLogPage({ scope }: { scope: AuditScope }) {
  const { params, setParams, setPage } = useListParams(NO_AUDIT_FILTERS);
  const { page, ...filters } = params;
  const { entries, pagination, error, refetch, isLoading, isFetching } = useAuditPage(scope, page, filters);
  const options = useAuditOptions(scope, filters.companyId);
  const { exportCsv, exporting } = useAuditExport(scope, filters);
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);

  let content;
  if (isLoading || steppingBack || (isFetching && entries.length === 0)) content = <ListSkeleton label="Loading audit entries" />;
  else if (error) content = <LoadError error={error} fallback="Failed to load the audit log" onRetry={refetch} retrying={isFetching} />;
  else if (entries.length === 0)
    content = <EmptyState title="No audit entries found" description={Object.values(filters).some(Boolean) ? 'Try adjusting your filters to see more entries' : 'Changes will appear here as they are made'} />;
  else
    content = (
      <>
        <AuditLogTable scope={scope} entries={entries} />
        <NumberedPager page={page} totalPages={totalPages} onChange={setPage} />
      </>
    );

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle={SUBTITLES[scope]}
        extra={
          <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <Card>
        <AuditLogFilters
          scope={scope}
          filters={filters}
          options={options}
          onChange={(changes: Partial<AuditFilterValues>) => setParams(changes)}
          onClear={() => setParams(NO_AUDIT_FILTERS)}
        />
        {pagination && (
          <Flex gap="small" wrap style={{ marginBottom: 16 }}>
            <Tag color="blue" aria-label="Entry count">{countOf(pagination.total, ENTRIES)}</Tag>
            <Tag aria-label="Current page">{`Page ${page} of ${totalPages}`}</Tag>
          </Flex>
        )}
        <div aria-busy={isFetching}>{content}</div>
      </Card>
    </>
  );
}
