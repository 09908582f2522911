import { Tag, Typography } from 'antd';
import { countOf } from '@/web/lib/countNoun';

/**
 * How many week-over-week warnings an upload raised (what changed since the client's last approved
 * week: mapping, employees, pay, totals), so the admin reviews the unusual weeks first. A dash
 * before the upload is processed; none is said in words, not hidden, so it reads as checked.
 */
export function ChangesBadge({ count }: { count: number | null | undefined }) {
  if (count === null || count === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (count === 0) return <Tag>No changes</Tag>;
  return <Tag color="warning">{countOf(count, 'changes')}</Tag>;
}
