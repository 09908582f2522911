import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Space, Table, Typography } from 'antd';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import type { Staff } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';

interface StaffTableProps {
  staff: Staff[];
  /** Number of the first row (rows are numbered across pages). */
  firstNumber: number;
  onDelete: (staff: Staff) => void;
  onResetPassword: (staff: Staff) => void;
}

/** The company's staff members: #, Name, Email, Date Added and the Reset password and Delete actions. */
export function StaffTable({ staff, firstNumber, onDelete, onResetPassword }: StaffTableProps) {
  return (
    <Table<Staff>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={staff}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: '#', key: 'number', width: 64, render: (_value, _member, index) => firstNumber + index },
        { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
        { title: 'Email', dataIndex: 'email', key: 'email' },
        { title: 'Date Added', dataIndex: 'created_at', key: 'created_at', render: (createdAt: string) => formatDateTime(createdAt) },
        {
          title: 'Actions',
          key: 'actions',
          width: 240,
          render: (_value, member) => (
            <Space size="small">
              <Button size="small" icon={<KeyOutlined aria-hidden />} aria-label={`Reset password of ${member.name}`} onClick={() => onResetPassword(member)}>
                Reset password
              </Button>
              <Button danger size="small" icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${member.name}`} onClick={() => onDelete(member)}>
                Delete
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
