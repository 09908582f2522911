import { Avatar, Card, Flex, Typography, theme } from 'antd';
import type { CurrentUser } from '@/web/api/generated';
import { initials } from '@/web/lib/initials';

/** Shown when the remembered user carries no name or email (spec section 2.15). */
const DEFAULT_NAME = 'Staff User';
const DEFAULT_INITIALS = 'ST';

/** The greeting at the top of the staff dashboard: who is signed in, and for which company. */
export function StaffWelcome({ user }: { user: CurrentUser | null }) {
  const name = user?.name.trim() || DEFAULT_NAME;
  // The theme's primary colour: white initials on it read at 4.5:1 (UiProvider).
  const { token } = theme.useToken();
  return (
    <Card role="region" aria-label="Signed-in user" style={{ marginBottom: 24 }}>
      <Flex align="center" gap="middle" wrap>
        <Avatar size={56} style={{ backgroundColor: token.colorPrimary, flex: 'none' }} aria-hidden>
          {initials(name, DEFAULT_INITIALS)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {`Welcome back, ${name}`}
          </Typography.Title>
          <Typography.Text strong>{name}</Typography.Text>
          {user?.email && <Typography.Text type="secondary">{` · ${user.email}`}</Typography.Text>}
          {user?.company_name && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {user.company_name}
            </Typography.Paragraph>
          )}
        </div>
      </Flex>
    </Card>
  );
}
