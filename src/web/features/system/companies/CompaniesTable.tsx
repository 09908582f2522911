import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Table, Typography } from 'antd';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Company } from '@/web/api/generated';
import { returnState } from '@/web/lib/returnTo';

interface CompaniesTableProps {
  companies: Company[];
  /** Number of the first row (rows are numbered across pages). */
  firstNumber: number;
  onEdit: (company: Company) => void;
  onDelete: (company: Company) => void;
}

/** Companies with #, name (a link to the company), id and a row menu: View Details, Edit, Delete. */
export function CompaniesTable({ companies, firstNumber, onEdit, onDelete }: CompaniesTableProps) {
  const navigate = useNavigate();
  // The detail's Back link returns to this page of the list, with its search.
  const state = returnState(useLocation());
  return (
    <Table<Company>
      className={STACKED_ON_PHONE}
      rowKey="id"
      dataSource={companies}
      pagination={false}
      // On a narrow screen the table scrolls sideways rather than cutting off the Actions column.
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '#', key: 'number', width: 64, render: (_value, _company, index) => firstNumber + index },
        {
          title: 'Company Name',
          dataIndex: 'name',
          key: 'name',
          render: (name: string, company) => (
            <Link to={`/system/companies/${company.id}`} state={state}>
              <Typography.Text strong style={{ color: 'inherit' }}>
                {name}
              </Typography.Text>
            </Link>
          ),
        },
        { title: 'Company ID', dataIndex: 'id', key: 'id', render: (id: string) => <Typography.Text code>{id}</Typography.Text> },
        {
          title: 'Actions',
          key: 'actions',
          width: 96,
          render: (_value, company) => (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'view', icon: <EyeOutlined aria-hidden />, label: 'View Details' },
                  { key: 'edit', icon: <EditOutlined aria-hidden />, label: 'Edit' },
                  { type: 'divider' },
                  { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: 'Delete', danger: true },
                ],
                onClick: ({ key }) => {
                  if (key === 'view') navigate(`/system/companies/${company.id}`, { state });
                  if (key === 'edit') onEdit(company);
                  if (key === 'delete') onDelete(company);
                },
              }}
            >
              <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`Actions for ${company.name}`} />
            </Dropdown>
          ),
        },
      ]}
    />
  );
}
