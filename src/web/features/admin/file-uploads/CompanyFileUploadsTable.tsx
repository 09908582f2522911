import { Flex, Table, Typography } from 'antd';
import type { AdminUploadItem } from '@/web/api/generated';
import { ApprovalStatusTag } from '@/web/components/uploads/ApprovalStatusTag';
import { FileNameText } from '@/web/components/uploads/FileNameText';
import { ProcessingStatusTag } from '@/web/components/uploads/ProcessingStatusTag';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { formatDateTime } from '@/web/lib/formatDate';
import { weeklyDocumentTitle } from './uploadFilters';

/**
 * The company's uploads (spec 2.13): the file with the weekly document it answers, who uploaded it,
 * for which client and when, and its processing and approval badges. On a narrow screen the table
 * scrolls sideways instead of cutting columns off.
 */
export function CompanyFileUploadsTable({ uploads }: { uploads: AdminUploadItem[] }) {
  return (
    <Table<AdminUploadItem>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={uploads}
      pagination={false}
      // Long names wrap within the columns: every column, Approval Status last, fits a 1440 px screen.
      scroll={{ x: 960 }}
      columns={[
        {
          title: 'Filename',
          key: 'filename',
          // Its document's title wraps here, leaving the room an email address needs to the Uploaded By column.
          width: 280,
          render: (_value, upload) => (
            <Flex vertical>
              <FileNameText name={upload.filename} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {weeklyDocumentTitle(upload)}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: 'Uploaded By',
          key: 'uploaded_by',
          render: (_value, upload) => (
            <Flex vertical>
              <Typography.Text>{upload.user.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {upload.user.email}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: 'Client', key: 'client', render: (_value, upload) => upload.client.name },
        { title: 'Upload Date', dataIndex: 'upload_date', key: 'upload_date', render: (date: string) => formatDateTime(date) },
        { title: 'Processing Status', key: 'status', render: (_value, upload) => <ProcessingStatusTag status={upload.status} resuming={upload.resuming} /> },
        { title: 'Approval Status', key: 'approval_status', render: (_value, upload) => <ApprovalStatusTag status={upload.approval_status} processingStatus={upload.status} /> },
      ]}
    />
  );
}
