import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCompanyQuery } from '@/web/api/generated';
import { BackLink } from '@/web/components/BackLink';
import { LoadError } from '@/web/components/LoadError';
import { StatCard } from '@/web/components/StatCard';
import { isMissingRecord, isUuid } from '@/web/lib/routeId';
import { useReturnTo } from '@/web/lib/returnTo';
import { CompanyAdminsCard } from './CompanyAdminsCard';

/**
 * One company: its numbers and its admins (spec section 2.6). An address whose id cannot name a
 * company says 'Company not found' without asking the server.
 */
export function CompanyDetailPage() {
  const { id } = useParams();
  const backTo = useReturnTo('/system/companies');
  const { data, error, isLoading, isFetching, refetch } = useGetCompanyQuery(isUuid(id) ? { id } : skipToken);
  const company = data?.data.company;

  let body;
  if (!id) body = <Alert type="error" showIcon title="Company ID is required" />;
  else if (!isUuid(id)) body = <Alert type="error" showIcon title="Company not found" />;
  else if (isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (error && isMissingRecord(error)) body = <Alert type="error" showIcon title="Company not found" />;
  else if (error) body = <LoadError error={error} fallback="Failed to load company" onRetry={refetch} retrying={isFetching} />;
  else if (!company) body = <Alert type="error" showIcon title="Company not found" />;
  else
    body = (
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {company.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            Company ID: <Typography.Text code>{company.id}</Typography.Text>
          </Typography.Text>
        </div>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12}>
            <StatCard title="Staff Users" value={company.staff_count ?? 0} icon={<TeamOutlined aria-hidden />} />
          </Col>
          <Col xs={24} sm={12}>
            <StatCard title="Active Clients" value={company.active_clients ?? 0} icon={<UserOutlined aria-hidden />} />
          </Col>
        </Row>
        <CompanyAdminsCard companyId={company.id} />
      </Flex>
    );

  return (
    <>
      <BackLink to={backTo}>Back to Companies</BackLink>
      {body}
    </>
  );
}
