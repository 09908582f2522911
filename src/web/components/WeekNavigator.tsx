import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import {
  canGoToNextWeek,
  canGoToPreviousWeek,
  clampWeek,
  shiftWeek,
  weekContaining,
  weekFromIsoDate,
  type WeekRange,
  weekToIsoDates,
} from '@/common/week';
import { weekRangeLabel } from '@/web/lib/weekRangeLabel';

export interface SelectedWeek {
  /** ISO date of the Monday (UTC). */
  weekStart: string;
  /** ISO date of the Sunday (UTC). */
  weekEnd: string;
}

interface WeekNavigatorProps {
  /** ISO date of the week shown (its Monday; any date within it is read as its week). */
  weekStart: string;
  onChange: (week: SelectedWeek) => void;
  /** The present moment, which bounds the weeks on the right; tests pin it. */
  now?: Date;
}

/**
 * Steps through UTC weeks (Monday 00:00 to Sunday 23:59:59.999, spec section 4): never before the
 * week of 2025-09-08, never past the current week, and 'This Week' comes back to the present. It is
 * controlled: the screen keeps the week (in its address) and this only proposes the next one.
 */
export function WeekNavigator({ weekStart, onChange, now = new Date() }: WeekNavigatorProps) {
  const current = weekContaining(now);
  const week = clampWeek(weekFromIsoDate(weekStart) ?? current, now);
  const isCurrent = week.start.getTime() === current.start.getTime();
  const { weekStart: start, weekEnd: end } = weekToIsoDates(week);
  const choose = (next: WeekRange) => onChange(weekToIsoDates(next));

  return (
    <Flex role="group" aria-label="Week" align="center" gap="small" wrap>
      <Button aria-label="Previous week" icon={<LeftOutlined aria-hidden />} disabled={!canGoToPreviousWeek(week)} onClick={() => choose(shiftWeek(week, -1))} />
      <Typography.Text strong aria-live="polite" data-testid="week-range" style={{ minWidth: 170, textAlign: 'center' }}>
        {weekRangeLabel(start, end)}
      </Typography.Text>
      <Button aria-label="Next week" icon={<RightOutlined aria-hidden />} disabled={!canGoToNextWeek(week, now)} onClick={() => choose(shiftWeek(week, 1))} />
      <Button disabled={isCurrent} onClick={() => choose(current)}>
        This Week
      </Button>
    </Flex>
  );
}
