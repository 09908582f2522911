import { Button, Flex, Typography } from 'antd';
import { type Noun, nounFor } from '@/web/lib/countNoun';

interface RangePagerProps {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  /**
   * What the rows are, singular and plural: 'Showing 1 to 1 of 1 file', 'Showing 1 to 10 of 12
   * files'. A plural alone ('files') stands for a regular noun.
   */
  noun: Noun | string;
  onChange: (page: number) => void;
}

/** 'Showing X to Y of Z files', Previous / Next and 'Page N of M' under a list. */
export function RangePager({ page, pageSize, total, totalPages, noun, onChange }: RangePagerProps) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const pages = Math.max(totalPages, 1);
  return (
    <Flex justify="space-between" align="center" wrap gap="small" style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">{`Showing ${first} to ${last} of ${total} ${nounFor(total, noun)}`}</Typography.Text>
      <Flex align="center" gap="small">
        <Button onClick={() => onChange(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Typography.Text>{`Page ${page} of ${pages}`}</Typography.Text>
        <Button onClick={() => onChange(page + 1)} disabled={page >= pages}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
