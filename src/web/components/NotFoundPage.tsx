import { Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';

interface NotFoundPageProps {
  /** The area's home screen, and the label of the link back to it. */
  home: string;
  homeLabel: string;
}

/**
 * A mistyped address inside a signed-in area: the area's frame stays, the user stays signed in, and
 * one link leads back to the area's home.
 */
export function NotFoundPage({ home, homeLabel }: NotFoundPageProps) {
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '64px 16px', textAlign: 'center' }}>
      <Typography.Text type="secondary" style={{ fontSize: 48, lineHeight: 1 }} aria-hidden>
        404
      </Typography.Text>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        Page not found
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        There is no page at this address.
      </Typography.Paragraph>
      <Link to={home}>{homeLabel}</Link>
    </Flex>
  );
}
