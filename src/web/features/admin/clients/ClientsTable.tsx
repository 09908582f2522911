import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Typography } from 'antd';
import type { Client } from '@/web/api/generated';
import { ClientStatusToggle } from '@/web/components/ClientStatusToggle';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { formatDateTime } from '@/web/lib/formatDate';

interface ClientsTableProps {
  clients: Client[];
  /** Number of the first row (rows are numbered across pages). */
  firstNumber: number;
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
}

/** The company's clients: #, name, status pill, assigned staff, date added, Edit and Delete. */
export function ClientsTable({ clients, firstNumber, onEdit, onDelete }: ClientsTableProps) {
  return (
    <Table<Client>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={clients}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: '#', key: 'number', width: 64, render: (_value, _client, index) => firstNumber + index },
        { title: 'Client Name', dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
        { title: 'Status', key: 'status', render: (_value, client) => <ClientStatusToggle client={client} /> },
        {
          title: 'Assigned Staff',
          dataIndex: 'assigned_staff_name',
          key: 'assigned_staff_name',
          render: (name: string | null) => name ?? <Typography.Text type="secondary">Unassigned</Typography.Text>,
        },
        { title: 'Date Added', dataIndex: 'created_at', key: 'created_at', render: (createdAt: string) => formatDateTime(createdAt) },
        {
          title: 'Actions',
          key: 'actions',
          width: 184,
          render: (_value, client) => (
            <Flex gap="small">
              <Button size="small" icon={<EditOutlined aria-hidden />} aria-label={`Edit ${client.name}`} onClick={() => onEdit(client)}>
                Edit
              </Button>
              <Button danger size="small" icon={<DeleteOutlined aria-hidden />} aria-label={`Delete ${client.name}`} onClick={() => onDelete(client)}>
                Delete
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}
