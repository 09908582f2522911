import { Table, Typography } from 'antd';
import type { WeeklyDocumentRow } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { ReviewActions } from './ReviewActions';
import { ReviewStatus } from './ReviewStatus';
import { rowState } from './rowState';

interface ReviewUploadsTableProps {
  rows: WeeklyDocumentRow[];
  /** Number of the first row: rows are numbered across pages. */
  firstNumber: number;
  onReview: (row: WeeklyDocumentRow) => void;
}

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
    </Typography.Text>
  );
}

/** Status and Actions of a row, which follow the socket's word on its upload. */
function LiveCell({ row, column, onReview }: { row: WeeklyDocumentRow; column: 'status' | 'actions'; onReview: (row: WeeklyDocumentRow) => void }) {
  const live = useLiveUpload(row.upload?.upload_id);
  const state = rowState(row, live);
  if (column === 'actions') return <ReviewActions row={row} state={state} live={live} onReview={onReview} />;
  return (
    <ReviewStatus state={state} processing={live?.status ?? row.upload?.status} message={live?.message} failure={live?.error ?? row.upload?.error_message} />
  );
}

/** The week's uploads of every client (spec 2.12): #, Client, Status, Upload Details, Actions. */
export function ReviewUploadsTable({ rows, firstNumber, onReview }: ReviewUploadsTableProps) {
  return (
    <Table<WeeklyDocumentRow>
      rowKey={(row) => `${row.client.id}:${row.document.id}`}
      dataSource={rows}
      pagination={false}
      scroll={{ x: true }}
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
        { title: 'Upload Details', key: 'details', render: (_value, row) => <UploadDetails upload={row.upload} /> },
        { title: 'Actions', key: 'actions', render: (_value, row) => <LiveCell row={row} column="actions" onReview={onReview} /> },
      ]}
    />
  );
}
