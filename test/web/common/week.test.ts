import {
  canGoToNextWeek,
  canGoToPreviousWeek,
  clampWeek,
  earliestWeek,
  parseIsoDate,
  shiftWeek,
  weekContaining,
  weekFromIsoDate,
  weekToIsoDates,
} from '@/common/week';

const at = (iso: string) => new Date(iso);

describe('weeks run Monday 00:00 to Sunday 23:59:59.999 UTC', () => {
  test.each([
    ['2025-09-10T12:00:00Z', '2025-09-08T00:00:00.000Z', '2025-09-14T23:59:59.999Z'],
    ['2025-09-08T00:00:00Z', '2025-09-08T00:00:00.000Z', '2025-09-14T23:59:59.999Z'],
    ['2025-09-14T23:59:59.999Z', '2025-09-08T00:00:00.000Z', '2025-09-14T23:59:59.999Z'],
    ['2025-09-15T00:00:00Z', '2025-09-15T00:00:00.000Z', '2025-09-21T23:59:59.999Z'],
    ['2025-12-31T08:00:00Z', '2025-12-29T00:00:00.000Z', '2026-01-04T23:59:59.999Z'],
  ])('%s lies in the week %s .. %s', (instant, start, end) => {
    const week = weekContaining(at(instant));
    expect(week.start.toISOString()).toBe(start);
    expect(week.end.toISOString()).toBe(end);
  });

  test('the week travels as the ISO dates of its Monday and Sunday', () => {
    expect(weekToIsoDates(weekContaining(at('2025-10-01T10:00:00Z')))).toEqual({ weekStart: '2025-09-29', weekEnd: '2025-10-05' });
  });

  test('an ISO date gives back the week that contains it; other text gives nothing', () => {
    expect(weekFromIsoDate('2025-10-02')?.start.toISOString()).toBe('2025-09-29T00:00:00.000Z');
    expect(weekFromIsoDate('2025-02-30')).toBeNull();
    expect(parseIsoDate('next week')).toBeNull();
  });

  test('shifting moves whole weeks', () => {
    const week = weekContaining(at('2025-09-10T00:00:00Z'));
    expect(weekToIsoDates(shiftWeek(week, 1))).toEqual({ weekStart: '2025-09-15', weekEnd: '2025-09-21' });
    expect(weekToIsoDates(shiftWeek(week, -1))).toEqual({ weekStart: '2025-09-01', weekEnd: '2025-09-07' });
  });
});

describe('the selectable span: from the week of 2025-09-08 to the current week', () => {
  const now = at('2025-11-05T09:00:00Z');

  test('the earliest week starts 2025-09-08 and has no previous week', () => {
    expect(weekToIsoDates(earliestWeek()).weekStart).toBe('2025-09-08');
    expect(canGoToPreviousWeek(earliestWeek())).toBe(false);
    expect(canGoToPreviousWeek(shiftWeek(earliestWeek(), 1))).toBe(true);
  });

  test('the current week has no next week', () => {
    expect(canGoToNextWeek(weekContaining(now), now)).toBe(false);
    expect(canGoToNextWeek(shiftWeek(weekContaining(now), -1), now)).toBe(true);
  });

  test('weeks outside the span are brought back into it', () => {
    expect(weekToIsoDates(clampWeek(weekContaining(at('2025-01-01T00:00:00Z')), now)).weekStart).toBe('2025-09-08');
    expect(weekToIsoDates(clampWeek(weekContaining(at('2026-03-01T00:00:00Z')), now)).weekStart).toBe('2025-11-03');
  });
});
