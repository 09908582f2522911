import { Card, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router-dom';

interface WeeklyProgressCardProps {
  title: string;
  /** How many clients are done this week, and out of how many; undefined while unknown. */
  done: number | undefined;
  total: number | undefined;
  /** What 'done' means, after 'X of Y clients' ('completed': their week is approved). */
  doneWord: string;
  /** What the rest stand at, each state apart ('2 awaiting review · 1 rejected · …'); undefined while unknown. */
  detail?: string;
  /** Whole percent shown and drawn; undefined while unknown. */
  percent: number | undefined;
  /** The list of the week's uploads. */
  to: string;
  loading?: boolean;
}

/**
 * How far a week has got: 'X of Y clients completed', the percentage and a bar, and what the rest
 * stand at. The whole card is
 * the link to the week's uploads, so its accessible name reads the title and the figures together.
 */
export function WeeklyProgressCard({ title, done, total, doneWord, detail, percent, to, loading = false }: WeeklyProgressCardProps) {
  const known = done !== undefined && total !== undefined && percent !== undefined;
  return (
    <Link to={to} style={{ display: 'block' }}>
      <Card hoverable size="small" loading={loading}>
        <Flex justify="space-between" align="baseline" gap="small" wrap>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary">{known ? `${done} of ${total} clients ${doneWord}` : '—'}</Typography.Text>
        </Flex>
        <Progress percent={percent ?? 0} aria-label={`${title} progress`} format={() => (percent === undefined ? '—' : `${percent}%`)} />
        {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
      </Card>
    </Link>
  );
}

