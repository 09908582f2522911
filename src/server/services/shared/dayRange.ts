import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parseIsoDate } from '@/common/week';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A time column within whole UTC days: from the start of dateFrom up to the end of dateTo (ISO dates,
 * both included, either optional). The lists with date filters all read them this way.
 */
export function withinDays(column: PgColumn, dateFrom?: string, dateTo?: string): SQL[] {
  const from = dateFrom ? parseIsoDate(dateFrom) : null;
  const to = dateTo ? parseIsoDate(dateTo) : null;
  return [...(from ? [gte(column, from)] : []), ...(to ? [lt(column, new Date(to.getTime() + DAY_MS))] : [])];
}
