import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { WeekNavigator, type SelectedWeek } from '@/web/components/WeekNavigator';

/** A Tuesday: its week runs from Monday 23 to Sunday 29 November 2026. */
const NOW = new Date('2026-11-24T10:00:00.000Z');

function Harness({ start, onChange }: { start: string; onChange: (week: SelectedWeek) => void }) {
  const [weekStart, setWeekStart] = useState(start);
  return (
    <WeekNavigator
      weekStart={weekStart}
      now={NOW}
      onChange={(week) => {
        onChange(week);
        setWeekStart(week.weekStart);
      }}
    />
  );
}

function renderNavigator(start: string) {
  const onChange = jest.fn();
  render(<Harness start={start} onChange={onChange} />);
  return { onChange, user: userEvent.setup({ delay: null }) };
}

const range = () => screen.getByTestId('week-range').textContent;
const button = (name: string) => screen.getByRole('button', { name });

describe('WeekNavigator', () => {
  test('steps a week at a time, Monday to Sunday, and This Week comes back to the present', async () => {
    const { onChange, user } = renderNavigator('2026-03-02');
    expect(range()).toBe('Mar 2 – Mar 8, 2026');

    await user.click(button('Previous week'));
    expect(onChange).toHaveBeenLastCalledWith({ weekStart: '2026-02-23', weekEnd: '2026-03-01' });
    expect(range()).toBe('Feb 23 – Mar 1, 2026');
    await user.click(button('Next week'));
    await user.click(button('Next week'));
    expect(onChange).toHaveBeenLastCalledWith({ weekStart: '2026-03-09', weekEnd: '2026-03-15' });

    await user.click(button('This Week'));
    expect(onChange).toHaveBeenLastCalledWith({ weekStart: '2026-11-23', weekEnd: '2026-11-29' });
    expect(range()).toBe('Nov 23 – Nov 29, 2026');
  });

  test('never goes past the current week', () => {
    renderNavigator('2026-11-23');
    expect(button('Next week')).toBeDisabled();
    expect(button('This Week')).toBeDisabled();
    expect(button('Previous week')).toBeEnabled();
  });

  test('never goes before the week of 2025-09-08', async () => {
    const { onChange, user } = renderNavigator('2025-09-15');
    await user.click(button('Previous week'));
    expect(onChange).toHaveBeenLastCalledWith({ weekStart: '2025-09-08', weekEnd: '2025-09-14' });
    expect(button('Previous week')).toBeDisabled();
  });

  test('reads any date as its week, and a week out of reach as the nearest one in reach', () => {
    const { unmount } = render(<WeekNavigator weekStart="2026-03-05" now={NOW} onChange={jest.fn()} />);
    expect(range()).toBe('Mar 2 – Mar 8, 2026');
    unmount();
    render(<WeekNavigator weekStart="2027-01-04" now={NOW} onChange={jest.fn()} />);
    expect(range()).toBe('Nov 23 – Nov 29, 2026');
  });

  test('a week spanning New Year names both years', () => {
    render(<WeekNavigator weekStart="2025-12-29" now={NOW} onChange={jest.fn()} />);
    expect(range()).toBe('Dec 29, 2025 – Jan 4, 2026');
  });
});
