import type { FastifyRequest } from 'fastify';
import { sessionUser } from '../auth/guards';
import { forbidden } from '../http/errors';
import type { ClientViewer } from '../services/clients/clients';
import type { ChangeAuthor } from '../services/companies/companies';

/** Who makes a change, for the audit log: the signed-in caller and the address the request came from. */
export function authorOf(request: FastifyRequest): ChangeAuthor {
  const user = sessionUser(request);
  return { actor: { id: user.id, role: user.role }, ip: request.ip };
}

/**
 * The company an ADMIN or STAFF caller works in, taken from the session (never from the request).
 * Company users always have one; a session without it is refused rather than left unscoped.
 */
export function companyIdOf(request: FastifyRequest): string {
  const { companyId } = sessionUser(request);
  if (!companyId) throw forbidden();
  return companyId;
}

/** The caller as a viewer of clients: their company and, for staff, only the clients assigned to them. */
export function clientViewerOf(request: FastifyRequest): ClientViewer {
  const user = sessionUser(request);
  return { companyId: companyIdOf(request), userId: user.id, role: user.role === 'STAFF' ? 'STAFF' : 'ADMIN' };
}
