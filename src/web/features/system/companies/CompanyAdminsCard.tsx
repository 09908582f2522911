import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { type CompanyAdmin, useListCompanyAdminsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { errorMessage } from '@/web/lib/errorMessage';
import { AddAdminDialog } from './AddAdminDialog';
import { AdminsPager } from './AdminsPager';
import { RemoveAdminDialog } from './RemoveAdminDialog';

/** The admins of one company, paged by 10, with Add Admin and Remove. */
export function CompanyAdminsCard({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CompanyAdmin | null>(null);
  const { data, error, isLoading } = useListCompanyAdminsQuery({ id: companyId, page, limit: PAGE_SIZES.companyAdmins });

  const admins = data?.data.admins ?? [];
  const total = data?.data.pagination.total ?? admins.length;
  const totalPages = data?.data.pagination.totalPages ?? 1;

  return (
    <Card
      title={
        <Flex align="center" gap="small">
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Company Admins
          </Typography.Title>
          <Tag color="blue" aria-label="Admin count">
            {total}
          </Tag>
        </Flex>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
          Add Admin
        </Button>
      }
    >
      {isLoading ? (
        <ListSkeleton label="Loading admins" />
      ) : error ? (
        <Alert type="error" showIcon title={errorMessage(error, 'Failed to load admins')} />
      ) : admins.length === 0 ? (
        <EmptyState title="No admins found" description="Get started by adding the first admin" />
      ) : (
        <>
          <Table<CompanyAdmin>
            rowKey="id"
            dataSource={admins}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { title: 'Name', dataIndex: 'name', key: 'name' },
              { title: 'Email', dataIndex: 'email', key: 'email' },
              { title: 'Role', dataIndex: 'role', key: 'role', render: (role: string) => <Tag color="blue">{role}</Tag> },
              {
                title: 'Actions',
                key: 'actions',
                render: (_value, admin) => (
                  <Button danger size="small" aria-label={`Remove ${admin.name}`} onClick={() => setRemoving(admin)}>
                    Remove
                  </Button>
                ),
              },
            ]}
          />
          <AdminsPager page={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
      <AddAdminDialog companyId={companyId} open={adding} onClose={() => setAdding(false)} />
      <RemoveAdminDialog companyId={companyId} admin={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
