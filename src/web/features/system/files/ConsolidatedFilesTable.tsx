import { EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ConsolidatedFile } from '@/web/api/generated';
import { fileExtension } from '@/common/uploadRules';
import { formatDateTime } from '@/web/lib/formatDate';

/** The Type column: the extension upper-cased, or FILE when the name has none. */
export function fileTypeLabel(fileName: string): string {
  const extension = fileExtension(fileName);
  return extension ? extension.slice(1).toUpperCase() : 'FILE';
}

/** Consolidated files with their company, uploader and a View action. */
export function ConsolidatedFilesTable({ files }: { files: ConsolidatedFile[] }) {
  return (
    <Table<ConsolidatedFile>
      rowKey="id"
      dataSource={files}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: 'File Name', dataIndex: 'file_name', key: 'file_name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
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
              onClick={() => window.open(file.view_url, '_blank', 'noopener,noreferrer')}
            >
              View
            </Button>
          ),
        },
      ]}
    />
  );
}
