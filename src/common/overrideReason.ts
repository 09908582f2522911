import { visibleText } from './visibleText';

/**
 * Approving an upload whose scrub found errors takes a written reason: the server refuses the
 * approval without one, and the review dialog asks for it with the same words.
 */
export const OVERRIDE_REASON_LIMITS = { min: 10, max: 2000 } as const;

export const OVERRIDE_REASON_MESSAGES = {
  tooShort: `Give a reason of at least ${OVERRIDE_REASON_LIMITS.min} characters.`,
  tooLong: `Keep the reason to ${OVERRIDE_REASON_LIMITS.max} characters or fewer.`,
} as const;

/**
 * How long a reason is, as the minimum counts it: its visible characters, without the spaces around
 * them (twelve zero-width spaces are no reason at all).
 */
export function overrideReasonLength(reason: string): number {
  return visibleText(reason).trim().length;
}

/** The machine code of the 409 that asks for a reason, so a client can tell it from the other refusals. */
export const REASON_REQUIRED = 'REASON_REQUIRED';

/** Why an approval of an upload with `errors` errors is refused until it carries a reason. */
export function overrideReasonRequired(errors: number): string {
  return `This upload has ${errors} ${errors === 1 ? 'error' : 'errors'}. Give a reason to approve it anyway.`;
}
