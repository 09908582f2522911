import { Card, Flex, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface DashboardLinkCardProps {
  title: string;
  /** The figure; undefined while it is unknown (still loading, or its read failed). */
  value: number | undefined;
  /** What the figure counts, under it ('Active client assignments'). */
  description: string;
  /** The screen that lists what the figure counts. */
  to: string;
  icon?: ReactNode;
  loading?: boolean;
}

/**
 * A dashboard figure that opens the list behind it. The whole card is the link, so its accessible
 * name reads title, figure and description together.
 */
export function DashboardLinkCard({ title, value, description, to, icon, loading = false }: DashboardLinkCardProps) {
  return (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Flex justify="space-between" align="flex-start" gap="small">
          <Statistic title={title} value={value ?? '—'} loading={loading} />
          {icon && (
            <span aria-hidden style={{ fontSize: 20, color: 'rgba(0, 0, 0, 0.45)' }}>
              {icon}
            </span>
          )}
        </Flex>
        <Typography.Text type="secondary">{description}</Typography.Text>
      </Card>
    </Link>
  );
}
