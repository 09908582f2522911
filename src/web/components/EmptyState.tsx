import { InboxOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A button that gets the user started. */
  action?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '48px 16px', textAlign: 'center' }}>
      <InboxOutlined aria-hidden style={{ fontSize: 40, color: 'rgba(0, 0, 0, 0.25)' }} />
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        {title}
      </Typography.Title>
      {description && (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {description}
        </Typography.Paragraph>
      )}
      {action}
    </Flex>
  );
}
