import { useParams } from 'react-router-dom';
import { isMissingRecord, isUuid } from '@/web/lib/routeId';

/**
 * What a staff member sees for a client that is missing, belongs to another company or is assigned
 * to someone else: the server answers 404 for all three, so the screen cannot (and should not) tell
 * them apart.
 */
export const CLIENT_NOT_FOUND_MESSAGE = "Client not found or you don't have access to this client.";

/**
 * The client id of the route, or null when it cannot name a client: a mistyped address is told
 * apart before asking, so it shows the not-found text rather than the server's schema message.
 */
export function useAssignedClientId(): string | null {
  const { clientId } = useParams();
  return isUuid(clientId) ? clientId : null;
}

/** Whether a failed read means the client is not there for this staff member. */
export function isClientNotFound(error: unknown): boolean {
  return isMissingRecord(error);
}
