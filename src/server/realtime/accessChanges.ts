import type { SessionUser } from '../context';
import type { AccessChange } from './processingUpdates';
import { endSocket, NOTICES } from './sessionNotices';
import type { RealtimeIo, RealtimeSocket, SessionNotice } from './socketEvents';

/**
 * Applies an access change to the sockets of this process (each API process applies it to its own:
 * see socketPublisher). Sockets of ended sessions, changed users and deleted companies are told and
 * closed; sockets that may no longer follow a reassigned or deleted client's uploads leave those
 * rooms. It reads nothing from the database: which client each followed room belongs to was noted
 * when it was joined. Changes are rare (an admin's action), so every socket of the process is looked at.
 */
export function applyAccessChange(io: RealtimeIo, change: AccessChange): void {
  const endedSessions = new Set(change.endedSessionIds ?? []);
  const changedUsers = new Set(change.userIds ?? []);
  for (const socket of io.of('/').sockets.values()) {
    const { user } = socket.data;
    const notice = closingNotice(user, change, endedSessions, changedUsers);
    if (notice) endSocket(socket, notice);
    else if (user.companyId !== null) leaveClientRooms(socket, user.companyId, change);
  }
}

/** Why the socket must close under this change, if it must. */
function closingNotice(user: SessionUser, change: AccessChange, endedSessions: Set<string>, changedUsers: Set<string>): SessionNotice | undefined {
  if (endedSessions.has(user.sessionId)) return NOTICES.sessionEnded;
  if (change.companyId !== undefined && change.companyId === user.companyId) return NOTICES.sessionEnded;
  if (changedUsers.has(user.id)) return NOTICES.accessChanged;
  return undefined;
}

/** Leaves the rooms of a deleted client's uploads, and of a reassigned one's unless the socket's user may still follow them. */
function leaveClientRooms(socket: RealtimeSocket, companyId: string, { reassignedClient, deletedClient }: AccessChange): void {
  const { user } = socket.data;
  if (deletedClient?.companyId === companyId) leaveRoomsOf(socket, deletedClient.id);
  if (reassignedClient?.companyId !== companyId) return;
  const mayStillFollow = user.role === 'ADMIN' || (user.role === 'STAFF' && user.id === reassignedClient.assignedStaffId);
  if (!mayStillFollow) leaveRoomsOf(socket, reassignedClient.id);
}

function leaveRoomsOf(socket: RealtimeSocket, clientId: string): void {
  const { follows } = socket.data;
  for (const [room, followedClientId] of Object.entries(follows)) {
    if (followedClientId !== clientId) continue;
    delete follows[room];
    void socket.leave(room);
  }
}
