import { Alert, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type SelectedWeek, WeekNavigator } from './WeekNavigator';

interface WeeklyOverviewSectionProps {
  week: SelectedWeek;
  onWeekChange: (week: SelectedWeek) => void;
  /** Why the week's figures could not be read, or undefined. */
  error: string | undefined;
  children: ReactNode;
}

/** A dashboard's 'Weekly Overview': its heading with the week navigator, then the week's figures. */
export function WeeklyOverviewSection({ week, onWeekChange, error, children }: WeeklyOverviewSectionProps) {
  return (
    <section aria-labelledby="weekly-overview">
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: 16 }}>
        <Typography.Title id="weekly-overview" level={2} style={{ fontSize: 18, margin: 0 }}>
          Weekly Overview
        </Typography.Title>
        <WeekNavigator weekStart={week.weekStart} onChange={onWeekChange} />
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {children}
    </section>
  );
}
