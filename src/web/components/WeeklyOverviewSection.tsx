import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type SelectedWeek, WeekNavigator } from './WeekNavigator';

interface WeeklyOverviewSectionProps {
  week: SelectedWeek;
  onWeekChange: (week: SelectedWeek) => void;
  /** Why the week's figures could not be read (the screen's words for it), or undefined. */
  error: string | undefined;
  /** Asks for the week's figures again after they could not be read. */
  onRetry: () => void;
  children: ReactNode;
}

/** A dashboard's 'Weekly Overview': its heading with the week navigator, then the week's figures. */
export function WeeklyOverviewSection({ week, onWeekChange, error, onRetry, children }: WeeklyOverviewSectionProps) {
  return (
    <section aria-labelledby="weekly-overview">
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: 16 }}>
        <Typography.Title id="weekly-overview" level={2} style={{ fontSize: 18, margin: 0 }}>
          Weekly Overview
        </Typography.Title>
        <WeekNavigator weekStart={week.weekStart} onChange={onWeekChange} />
      </Flex>
      {error && <Alert type="error" showIcon title={error} action={<Button size="small" onClick={onRetry}>Retry</Button>} style={{ marginBottom: 16 }} />}
      {children}
    </section>
  );
}
