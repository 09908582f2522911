/** A share as a whole percent (rounded), 0 when there is nothing to share out. */
export function wholePercent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}
