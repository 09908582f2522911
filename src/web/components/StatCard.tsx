import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';

/** A labelled number at the top of a screen. */
export function StatCard({ title, value, icon, loading = false }: { title: string; value: number; icon?: ReactNode; loading?: boolean }) {
  return (
    <Card size="small" loading={loading} role="group" aria-label={title}>
      <Statistic title={title} value={value} prefix={icon} />
    </Card>
  );
}
