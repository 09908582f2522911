import { Button, Flex, Table, Typography } from 'antd';
import type { WeeklyDocumentRow } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import { ApprovalBadge } from '@/web/components/uploads/ApprovalBadge';
import { UploadChecks } from '@/web/components/uploads/UploadChecks';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { UploadActions } from './UploadActions';

interface WeeklyUploadsTableProps {
  rows: WeeklyDocumentRow[];
  /** Number of the first row: rows are numbered across pages. */
  firstNumber: number;
  weekStart: string;
  onOpenReview: (uploadId: string) => void;
}

/**
 * Who uploaded and when, and what processing found (the scrub's issues, the week-over-week
 * changes), so the staff member sees it before the admin decides; an upload awaiting review opens
 * its details from here.
 */
function UploadDetails({ upload, onOpenReview }: Pick<WeeklyDocumentRow, 'upload'> & { onOpenReview: (uploadId: string) => void }) {
  if (!upload) return <Typography.Text type="secondary">No uploads this week</Typography.Text>;
  const awaitingReview = upload.status === 'SCRUBBED' && upload.approval_status === 'PENDING';
  return (
    <Flex vertical gap={4} align="flex-start">
      <Typography.Text>
        {`Uploaded by ${upload.uploaded_by.name}`}
        <br />
        <Typography.Text type="secondary">{formatDateTime(upload.upload_date)}</Typography.Text>
      </Typography.Text>
      <Flex gap={4} align="center" wrap>
        <UploadChecks upload={upload} />
        {awaitingReview && (
          <Button type="link" size="small" aria-haspopup="dialog" onClick={() => onOpenReview(upload.upload_id)} style={{ paddingInline: 0 }}>
            Details
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** The week's required documents of the staff member's clients (spec 2.17): #, Client, Approval Status, Upload Details, Actions. */
export function WeeklyUploadsTable({ rows, firstNumber, weekStart, onOpenReview }: WeeklyUploadsTableProps) {
  return (
    <Table<WeeklyDocumentRow>
      className={STACKED_ON_PHONE}
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
        { title: 'Upload Details', key: 'details', render: (_value, row) => <UploadDetails upload={row.upload} onOpenReview={onOpenReview} /> },
        { title: 'Actions', key: 'actions', render: (_value, row) => <UploadActions row={row} weekStart={weekStart} onOpenReview={onOpenReview} /> },
      ]}
    />
  );
}
