import { Button, Flex } from 'antd';

/** Previous, numbered page links and Next; nothing when everything fits on one page. */
export function AdminsPager({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <Flex component="nav" aria-label="Admin pages" justify="center" gap={4} wrap style={{ marginTop: 16 }}>
      <Button onClick={() => onChange(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      {Array.from({ length: totalPages }, (_, index) => index + 1).map((number) => (
        <Button
          key={number}
          type={number === page ? 'primary' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onChange(number)}
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
