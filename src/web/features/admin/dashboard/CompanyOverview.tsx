import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Col, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Company } from '@/web/api/generated';
import { StatCard } from '@/web/components/StatCard';
import { CompanyStorageCard } from './CompanyStorageCard';

/**
 * The company's name and id, its staff and active-client counts leading to where they are managed,
 * and how much of its storage it uses.
 */
export function CompanyOverview({ company }: { company: Company }) {
  return (
    <Flex vertical gap="large">
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {company.name}
        </Typography.Title>
        <Typography.Text type="secondary">
          Company ID: <Typography.Text code>{company.id}</Typography.Text>
        </Typography.Text>
      </div>
      <section aria-labelledby="company-admin-overview">
        <Typography.Title id="company-admin-overview" level={2} style={{ fontSize: 18, marginTop: 0 }}>
          Company Admin Overview
        </Typography.Title>
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12}>
            <Link to="/admin/staff-management">
              <StatCard title="Staff Users" value={company.staff_count ?? 0} icon={<TeamOutlined aria-hidden />} />
            </Link>
          </Col>
          <Col xs={24} sm={12}>
            <Link to="/admin/client-management">
              <StatCard title="Active Clients" value={company.active_clients ?? 0} icon={<UserOutlined aria-hidden />} />
            </Link>
          </Col>
          <Col span={24}>
            <CompanyStorageCard />
          </Col>
        </Row>
      </section>
    </Flex>
  );
}
