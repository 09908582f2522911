import { badRequest } from '../http/errors';
import { UUID_PATTERN } from '../http/requestVocabulary';
import type { MatchDecision } from '../services/uploads/uploads';

export const MATCH_SUGGESTION_INVALID = 'The match suggestion must be JSON with a clientId (or null) and a confidence from 0 to 1.';

/**
 * The upload form's optional `matchSuggestion` (JSON `{ clientId, confidence }`, what the match
 * suggested for the file) with the client chosen, for the upload's audit entry; undefined when the
 * form has none. A value that is not that shape is refused, so the audit never records guesswork.
 */
export function matchDecisionOf(text: string | undefined, chosenClientId: string): MatchDecision | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const { clientId, confidence } = (value ?? {}) as { clientId?: unknown; confidence?: unknown };
  const validClient = clientId === null || (typeof clientId === 'string' && UUID_PATTERN.test(clientId));
  const validConfidence = typeof confidence === 'number' && Number.isFinite(confidence) && confidence >= 0 && confidence <= 1;
  if (typeof value !== 'object' || value === null || !validClient || !validConfidence) {
    throw badRequest(MATCH_SUGGESTION_INVALID, [{ field: 'matchSuggestion', message: MATCH_SUGGESTION_INVALID }]);
  }
  const suggestedClientId = clientId as string | null;
  return { suggestedClientId, chosenClientId, confidence: confidence as number, followed: suggestedClientId === chosenClientId };
}
