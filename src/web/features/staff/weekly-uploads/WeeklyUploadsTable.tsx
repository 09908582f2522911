import { Table, Typography } from 'antd';
import type { WeeklyDocumentRow } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import { ApprovalBadge } from '@/web/components/uploads/ApprovalBadge';
import { UploadActions } from './UploadActions';

interface WeeklyUploadsTableProps {
  rows: WeeklyDocumentRow[];
  /** Number of the first row: rows are numbered across pages. */
  firstNumber: number;
  weekStart: string;
  onOpenReview: (uploadId: string) => void;
}

function UploadDetails({ upload }: Pick<WeeklyDocumentRow, 'upload'>) {
  if (!upload) return <Typography.Text type="secondary">No uploads this week</Typography.Text>;
  return (
    <Typography.Text>
      {`Uploaded by ${upload.uploaded_by.name}`}
      <br />
      <Typography.Text type="secondary">{formatDateTime(upload.upload_date)}</Typography.Text>
    </Typography.Text>
  );
}

/** The week's required documents of the staff member's clients (spec 2.17): #, Client, Approval Status, Upload Details, Actions. */
export function WeeklyUploadsTable({ rows, firstNumber, weekStart, onOpenReview }: WeeklyUploadsTableProps) {
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
        {
          title: 'Approval Status',
          key: 'approval',
          // A failed upload has nothing to review: it shows no approval, like a week without an upload.
          render: (_value, { upload }) => (
            <ApprovalBadge status={upload && upload.status !== 'FAILED' ? upload.approval_status : undefined} onOpenReview={() => upload && onOpenReview(upload.upload_id)} />
          ),
        },
        { title: 'Upload Details', key: 'details', render: (_value, row) => <UploadDetails upload={row.upload} /> },
        { title: 'Actions', key: 'actions', render: (_value, row) => <UploadActions row={row} weekStart={weekStart} /> },
      ]}
    />
  );
}
