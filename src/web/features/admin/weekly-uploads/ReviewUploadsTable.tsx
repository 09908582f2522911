import { Table, Typography } from 'antd';
import type { WeeklyDocumentRow } from '@/web/api/generated';
import { ChangesBadge } from '@/web/components/uploads/ChangesBadge';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { formatDateTime } from '@/web/lib/formatDate';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { ReviewActions } from './ReviewActions';
import { ReviewStatus } from './ReviewStatus';
import { rowState } from './rowState';
import type { ReviewSort } from './useReviewListParams';

interface ReviewUploadsTableProps {
  rows: WeeklyDocumentRow[];
  /** Number of the first row: rows are numbered across pages. */
  firstNumber: number;
  /** The order the server answered in: by client, or the most week-over-week changes first. */
  sort: ReviewSort;
  onSort: (sort: ReviewSort) => void;
  onReview: (row: WeeklyDocumentRow) => void;
}

/** Who uploaded it and who reviewed it, and why it was approved despite errors when it was. */
function UploadDetails({ upload }: Pick<WeeklyDocumentRow, 'upload'>) {
  if (!upload) return <Typography.Text type="secondary">No uploads this week</Typography.Text>;
  return (
    <Typography.Text>
      {`Uploaded by ${upload.uploaded_by.name}`}
      <br />
      <Typography.Text type="secondary">{formatDateTime(upload.upload_date)}</Typography.Text>
      {upload.reviewed_by && (
        <>
          <br />
          {`Reviewed by ${upload.reviewed_by.name}`}
          <br />
          <Typography.Text type="secondary">{formatDateTime(upload.reviewed_by.reviewed_at)}</Typography.Text>
        </>
      )}
      {upload.override_reason && (
        <>
          <br />
          <Typography.Text>{`Approved despite errors: ${upload.override_reason}`}</Typography.Text>
        </>
      )}
    </Typography.Text>
  );
}

/** Status and Actions of a row, which follow the socket's word on its upload. */
function LiveCell({ row, column, onReview }: { row: WeeklyDocumentRow; column: 'status' | 'actions'; onReview: (row: WeeklyDocumentRow) => void }) {
  const live = useLiveUpload(row.upload?.upload_id);
  const state = rowState(row, live);
  if (column === 'actions') return <ReviewActions row={row} state={state} live={live} onReview={onReview} />;
  return (
    <ReviewStatus
      state={state}
      processing={live?.status ?? row.upload?.status}
      message={live?.message}
      progress={live?.progress}
      failure={live?.error ?? row.upload?.error_message}
      resuming={row.upload?.resuming}
    />
  );
}

/**
 * The week's uploads of every client (spec 2.12): #, Client, Status, Changes, Upload Details,
 * Actions. Changes counts each upload's week-over-week warnings; sorting by it (the server sorts
 * across pages) puts the most changed weeks first, and sorting it off goes back to client order.
 */
export function ReviewUploadsTable({ rows, firstNumber, sort, onSort, onReview }: ReviewUploadsTableProps) {
  return (
    <Table<WeeklyDocumentRow>
      className={STACKED_ON_PHONE}
      rowKey={(row) => `${row.client.id}:${row.document.id}`}
      dataSource={rows}
      pagination={false}
      scroll={{ x: true }}
      onChange={(_pagination, _filters, sorter) => onSort(!Array.isArray(sorter) && sorter.order ? 'week_over_week_warnings' : 'client')}
      columns={[
        { title: '#', key: 'number', width: 56, render: (_value, _row, index) => firstNumber + index },
        {
          title: 'Client',
          key: 'client',
          render: (_value, row) => (
            <>
              <Typography.Text strong>{row.client.name}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{row.document.title}</Typography.Text>
            </>
          ),
        },
        { title: 'Status', key: 'status', render: (_value, row) => <LiveCell row={row} column="status" onReview={onReview} /> },
        {
          title: 'Changes',
          key: 'changes',
          sorter: true,
          sortDirections: ['descend'],
          sortOrder: sort === 'week_over_week_warnings' ? 'descend' : null,
          showSorterTooltip: { title: 'Most changes since last approved week first' },
          render: (_value, row) => <ChangesBadge count={row.upload?.week_over_week_warnings} />,
        },
        { title: 'Upload Details', key: 'details', render: (_value, row) => <UploadDetails upload={row.upload} /> },
        { title: 'Actions', key: 'actions', render: (_value, row) => <LiveCell row={row} column="actions" onReview={onReview} /> },
      ]}
    />
  );
}
