import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { type Staff, useListCompanyStaffQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { AddStaffDialog } from './AddStaffDialog';
import { DeleteStaffDialog } from './DeleteStaffDialog';
import { ResetStaffPasswordDialog } from './ResetStaffPasswordDialog';
import { StaffTable } from './StaffTable';

const PAGE_SIZE = PAGE_SIZES.staff;

/** The admin's staff members, 10 a page, with Add Staff, Reset password and Delete (spec section 2.10). */
export function StaffManagementPage() {
  const { params, setPage } = useListParams({});
  const { page } = params;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Staff | null>(null);
  const [resetting, setResetting] = useState<Staff | null>(null);

  const { data, error, isLoading, isFetching, refetch } = useListCompanyStaffQuery({ page, limit: PAGE_SIZE });
  const staff = data?.data.staff ?? [];
  const pagination = data?.data.pagination;
  const total = pagination?.totalCount ?? staff.length;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);
  // A page past the end (its last row was just deleted) is about to step back: not an empty list.
  const steppingBack = pagination !== undefined && page > totalPages;

  return (
    <>
      <PageHeader
        title="Staff Management"
        subtitle="Manage the staff members of your company"
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            Add Staff
          </Button>
        }
      />
      <Card>
        {data && (
          <Flex gap="small" wrap style={{ marginBottom: 16 }}>
            <Tag color="blue" aria-label="Staff count">{`${total} ${total === 1 ? 'staff member' : 'staff members'}`}</Tag>
            <Tag aria-label="Current page">{`Page ${Math.min(page, totalPages)} of ${totalPages}`}</Tag>
          </Flex>
        )}
        {isLoading || steppingBack ? (
          <ListSkeleton label="Loading staff" />
        ) : error ? (
          <LoadError error={error} fallback="Failed to load staff" onRetry={refetch} retrying={isFetching} />
        ) : staff.length === 0 ? (
          <EmptyState title="No staff members found" description="Get started by adding your first staff member" />
        ) : (
          <div aria-busy={isFetching}>
            <StaffTable staff={staff} firstNumber={(page - 1) * PAGE_SIZE + 1} onDelete={setDeleting} onResetPassword={setResetting} />
            <RangePager page={page} pageSize={PAGE_SIZE} total={total} totalPages={totalPages} noun="staff members" onChange={setPage} />
          </div>
        )}
      </Card>
      <AddStaffDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteStaffDialog staff={deleting} onClose={() => setDeleting(null)} />
      <ResetStaffPasswordDialog staff={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
