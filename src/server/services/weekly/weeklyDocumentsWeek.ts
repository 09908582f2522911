import { EARLIEST_WEEK_START, parseIsoDate, weekContaining, weekToIsoDates } from '@/common/week';
import { badRequest } from '../../http/errors';

export const WEEK_MESSAGES = {
  startNotMonday: 'weekStart must be a Monday, the first day of a UTC week.',
  startTooEarly: `weekStart must not be before ${EARLIEST_WEEK_START}, the earliest week.`,
  startInFuture: 'weekStart must not be after the current week.',
  endWithoutStart: 'weekStart is required when weekEnd is given.',
  endNotSunday: 'weekEnd must be the Sunday six days after weekStart.',
} as const;

/** A UTC week as the API carries it: the ISO dates of its Monday and Sunday. */
export interface IsoWeek {
  weekStart: string;
  weekEnd: string;
}

/**
 * The week a weekly read asks for (spec section 4): the current UTC week when none is given;
 * otherwise a Monday from 2025-09-08 up to the current week, with weekEnd, when given, its Sunday.
 * The contract already checked that both are real dates; a refusal names the field at fault.
 */
export function requestedWeek(query: { weekStart?: string; weekEnd?: string }, now: Date = new Date()): IsoWeek {
  const current = weekContaining(now);
  if (query.weekStart === undefined) {
    if (query.weekEnd !== undefined) throw weekProblem('weekStart', WEEK_MESSAGES.endWithoutStart);
    return weekToIsoDates(current);
  }
  const start = parseIsoDate(query.weekStart);
  if (!start || start.getUTCDay() !== 1) throw weekProblem('weekStart', WEEK_MESSAGES.startNotMonday);
  if (query.weekStart < EARLIEST_WEEK_START) throw weekProblem('weekStart', WEEK_MESSAGES.startTooEarly);
  if (start.getTime() > current.start.getTime()) throw weekProblem('weekStart', WEEK_MESSAGES.startInFuture);
  const week = weekToIsoDates(weekContaining(start));
  if (query.weekEnd !== undefined && query.weekEnd !== week.weekEnd) throw weekProblem('weekEnd', WEEK_MESSAGES.endNotSunday);
  return week;
}

function weekProblem(field: 'weekStart' | 'weekEnd', message: string) {
  return badRequest(message, [{ field, message }]);
}
