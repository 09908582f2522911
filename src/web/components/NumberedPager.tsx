import { Button, Flex } from 'antd';

/** How many numbered page buttons a pager shows at most (spec section 9). */
export const PAGE_BUTTONS = 5;

/**
 * The page numbers a pager offers around `page`: at most `size` of them, the current one centred
 * where it can be, the first ones at the start and the last ones at the end.
 */
export function pageWindow(page: number, totalPages: number, size: number = PAGE_BUTTONS): number[] {
  const count = Math.min(size, Math.max(totalPages, 0));
  if (count === 0) return [];
  const current = Math.min(Math.max(page, 1), totalPages);
  const first = Math.min(Math.max(current - Math.floor(size / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

interface NumberedPagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

/** Previous, up to five numbered pages around the current one, and Next; nothing for a single page. */
export function NumberedPager({ page, totalPages, onChange }: NumberedPagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Flex component="nav" aria-label="Pagination" justify="flex-end" align="center" gap="small" wrap style={{ marginTop: 16 }}>
      <Button onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <Button
          key={number}
          type={number === page ? 'primary' : 'default'}
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => number !== page && onChange(number)}
        >
          {number}
        </Button>
      ))}
      <Button onClick={() => onChange(page + 1)} disabled={page >= totalPages}>
        Next
      </Button>
    </Flex>
  );
}
