import { Table } from 'antd';
import type { StaffUploadItem } from '@/web/api/generated';
import { ApprovalStatusTag } from '@/web/components/uploads/ApprovalStatusTag';
import { FileNameText } from '@/web/components/uploads/FileNameText';
import { ProcessingStatusTag } from '@/web/components/uploads/ProcessingStatusTag';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { formatDateTime } from '@/web/lib/formatDate';
import { formatFileSize } from '@/web/lib/formatFileSize';

const BYTES_PER_MEGABYTE = 1024 * 1024;

interface StaffFileUploadsTableProps {
  uploads: StaffUploadItem[];
  /** Number of the first row: rows are numbered across pages. */
  firstNumber: number;
}

/**
 * The staff member's own uploads (spec 2.18): #, Filename, Size (the server's megabytes as whole
 * bytes, shown as Bytes, KB, MB or GB), Upload Date, both status badges, the required document and
 * its client. On a narrow screen the table scrolls sideways instead of cutting columns off.
 */
export function StaffFileUploadsTable({ uploads, firstNumber }: StaffFileUploadsTableProps) {
  return (
    <Table<StaffUploadItem>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={uploads}
      pagination={false}
      // Long names wrap within the columns: every column, Client last, fits a 1440 px screen.
      scroll={{ x: 960 }}
      columns={[
        { title: '#', key: 'number', width: 64, render: (_value, _upload, index) => firstNumber + index },
        { title: 'Filename', key: 'filename', render: (_value, upload) => <FileNameText name={upload.filename} /> },
        { title: 'Size', key: 'size', render: (_value, upload) => formatFileSize(Math.round(upload.file_size_mb * BYTES_PER_MEGABYTE)) },
        { title: 'Upload Date', dataIndex: 'upload_date', key: 'upload_date', render: (date: string) => formatDateTime(date) },
        { title: 'Processing Status', key: 'status', render: (_value, upload) => <ProcessingStatusTag status={upload.status} resuming={upload.resuming} /> },
        { title: 'Approval Status', key: 'approval_status', render: (_value, upload) => <ApprovalStatusTag status={upload.approval_status} processingStatus={upload.status} /> },
        { title: 'Required Document', dataIndex: 'document_title', key: 'document_title' },
        { title: 'Client', key: 'client', render: (_value, upload) => upload.client.name },
      ]}
    />
  );
}
