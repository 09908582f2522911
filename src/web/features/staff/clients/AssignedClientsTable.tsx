import { Table } from 'antd';
import { Link } from 'react-router-dom';
import type { Client } from '@/web/api/generated';
import { ClientStatusToggle } from '@/web/components/ClientStatusToggle';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';

interface AssignedClientsTableProps {
  clients: Client[];
  /** Number of the first row (rows are numbered across pages). */
  firstNumber: number;
}

/** The staff member's clients: #, the name leading to the client's details, and the status pill. */
export function AssignedClientsTable({ clients, firstNumber }: AssignedClientsTableProps) {
  return (
    <Table<Client>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={clients}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { title: '#', key: 'number', width: 64, render: (_value, _client, index) => firstNumber + index },
        {
          title: 'Client Name',
          dataIndex: 'name',
          key: 'name',
          render: (name: string, client) => <Link to={`/staff/clients/${client.id}`}>{name}</Link>,
        },
        { title: 'Status', key: 'status', width: 120, render: (_value, client) => <ClientStatusToggle client={client} /> },
      ]}
    />
  );
}
