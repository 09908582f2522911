import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { type CompanyAdmin, useListCompanyAdminsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import { countOf } from '@/web/lib/countNoun';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { AddAdminDialog } from './AddAdminDialog';
import { AdminsPager } from './AdminsPager';
import { RemoveAdminDialog } from './RemoveAdminDialog';
import { ResetAdminPasswordDialog } from './ResetAdminPasswordDialog';

const ADMINS = { singular: 'admin', plural: 'admins' };

/**
 * The admins of one company, paged by 10, with Add Admin, Reset password and Remove. The page lives in the address
 * (Back and a reload return to it); removing the last admin of a page steps back to the page before.
 */
export function CompanyAdminsCard({ companyId }: { companyId: string }) {
  const { params, setPage } = useListParams({});
  const { page } = params;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CompanyAdmin | null>(null);
  const [resetting, setResetting] = useState<CompanyAdmin | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useListCompanyAdminsQuery({ companyId, page, limit: PAGE_SIZES.companyAdmins });

  const admins = data?.data.admins ?? [];
  const total = data?.data.pagination.total ?? admins.length;
  const totalPages = data?.data.pagination.totalPages;
  const steppingBack = useStepBackToLastPage(page, totalPages, !isFetching, setPage);

  return (
    <Card
      title={
        <Flex align="center" gap="small">
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Company Admins
          </Typography.Title>
          <Tag color="blue" aria-label="Admin count">
            {countOf(total, ADMINS)}
          </Tag>
        </Flex>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
          Add Admin
        </Button>
      }
    >
      {isLoading || steppingBack || (isFetching && admins.length === 0) ? (
        <ListSkeleton label="Loading admins" />
      ) : error ? (
        <LoadError error={error} fallback="Failed to load admins" onRetry={refetch} retrying={isFetching} />
      ) : admins.length === 0 ? (
        <EmptyState title="No admins found" description="Get started by adding the first admin" />
      ) : (
        <>
          <Table<CompanyAdmin>
            className={STACKED_ON_PHONE}
            rowKey="id"
            dataSource={admins}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Name', dataIndex: 'name', key: 'name' },
              { title: 'Email', dataIndex: 'email', key: 'email' },
              { title: 'Role', dataIndex: 'role', key: 'role', render: (role: string) => <Tag color="blue">{role}</Tag> },
              {
                title: 'Actions',
                key: 'actions',
                render: (_value, admin) => (
                  <Space size="small">
                    <Button size="small" icon={<KeyOutlined aria-hidden />} aria-label={`Reset password of ${admin.name}`} onClick={() => setResetting(admin)}>
                      Reset password
                    </Button>
                    <Button danger size="small" aria-label={`Remove ${admin.name}`} onClick={() => setRemoving(admin)}>
                      Remove
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
          <AdminsPager page={page} totalPages={totalPages ?? 1} onChange={setPage} />
        </>
      )}
      <AddAdminDialog companyId={companyId} open={adding} onClose={() => setAdding(false)} />
      <RemoveAdminDialog companyId={companyId} admin={removing} onClose={() => setRemoving(null)} />
      <ResetAdminPasswordDialog companyId={companyId} admin={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
