import { Flex, Skeleton } from 'antd';
import { SKELETON_ROWS } from '@/common/limits';

/** Placeholder rows shown while a list loads (spec section 9: 10 rows). */
export function ListSkeleton({ rows = SKELETON_ROWS, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <Flex vertical gap={12} role="status" aria-label={label} aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton.Input key={index} active block size="small" />
      ))}
    </Flex>
  );
}
