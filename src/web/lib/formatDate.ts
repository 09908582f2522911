import dayjs from 'dayjs';

/** A date and time as users read them: en-US, short month, day, year, hour and minute ('Mar 4, 2026, 2:05 PM'). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM D, YYYY, h:mm A') : '';
}
