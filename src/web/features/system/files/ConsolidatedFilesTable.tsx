import { EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import type { ConsolidatedFile } from '@/web/api/generated';
import { fileExtension } from '@/common/uploadRules';
import { formatDateTime } from '@/web/lib/formatDate';
import { opensInViewer } from './ConsolidatedFileViewerDialog';

/** The Type column: the extension upper-cased, or FILE when the name has none. */
export function fileTypeLabel(fileName: string): string {
  const extension = fileExtension(fileName);
  return extension ? extension.slice(1).toUpperCase() : 'FILE';
}

/** How wide the File Name column may grow; longer names end in an ellipsis. */
export const FILE_NAME_WIDTH = 260;

/**
 * Consolidated files with their company, uploader and a View action: the external link when one is
 * configured, else the viewer (`onView`). A long unbroken file name is
 * cut with an ellipsis (the whole name shows on hover) so it cannot push the other columns away, and
 * on a narrow screen the table scrolls sideways instead of cutting off the Actions column.
 */
export function ConsolidatedFilesTable({ files, onView }: { files: ConsolidatedFile[]; onView: (file: ConsolidatedFile) => void }) {
  return (
    <Table<ConsolidatedFile>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={files}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: 'File Name',
          dataIndex: 'file_name',
          key: 'file_name',
          width: FILE_NAME_WIDTH,
          render: (name: string) => (
            <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth: FILE_NAME_WIDTH }} data-testid="file-name">
              {name}
            </Typography.Text>
          ),
        },
        { title: 'Company', key: 'company', render: (_value, file) => file.company.name },
        { title: 'Type', key: 'type', render: (_value, file) => <Tag>{fileTypeLabel(file.file_name)}</Tag> },
        {
          title: 'Uploaded By',
          key: 'uploaded_by',
          render: (_value, file) => (
            <Flex vertical>
              <Typography.Text>{file.uploaded_by.name}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {file.uploaded_by.email}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: 'Upload Date', dataIndex: 'upload_date', key: 'upload_date', render: (date: string) => formatDateTime(date) },
        {
          title: 'Actions',
          key: 'actions',
          render: (_value, file) => (
            <Button
              size="small"
              icon={<EyeOutlined aria-hidden />}
              aria-label={`View ${file.file_name}`}
              onClick={() => (opensInViewer(file) ? onView(file) : window.open(file.view_url, '_blank', 'noopener,noreferrer'))}
            >
              View
            </Button>
          ),
        },
      ]}
    />
  );
}
