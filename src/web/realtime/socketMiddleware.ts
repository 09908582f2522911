import { isAnyOf, type Middleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api, uploadViews } from '@/web/api/endpoints';
import { refreshSession } from '@/web/api/refresh';
import { sessionExpired } from '@/web/api/session';
import { REALTIME } from '@/common/limits';
import { clientsNamed, joined, joinRefused, keyOf, type ProcessingState, trackRequested, updateReceived } from './processingSlice';
import { clientsOfFollowedUploads, processingOutcome, resumableUploads } from './processingOutcome';
import {
  type ConnectError,
  jobRoom,
  type OpenSocket,
  type ProcessingUpdate,
  type RealtimeSocket,
  type RefusalCode,
  type SessionNotice,
  type UploadReviewed,
} from './realtimeEvents';
import { connected, connectFailed, disconnected, notice, type RealtimeState, sessionClosed } from './realtimeSlice';
import { rejoinSchedule } from './rejoinSchedule';
import { reviewInvalidations, reviewNotice, reviewReceived } from './reviewDecisions';

/**
 * What the middleware reads of the store. The signed-in user is read by its shape: the auth feature
 * owns that slice, and the realtime layer sits below the features.
 */
export interface RealtimeRootState {
  auth: { user: { id: string } | null };
  processing: ProcessingState;
  realtime: RealtimeState;
}

type RealtimeDispatch = ThunkDispatch<RealtimeRootState, unknown, UnknownAction>;

/** A review this tab sent: its decision is this tab's own news. */
const reviewSent = api.endpoints.reviewWeeklyDocument.matchPending;
const reviewRefused = api.endpoints.reviewWeeklyDocument.matchRejected;

/** A weekly list arrived, the staff member's or the company's: both carry rows with their newest upload. */
const weeklyListFulfilled = isAnyOf(api.endpoints.listStaffWeeklyDocuments.matchFulfilled, api.endpoints.listCompanyWeeklyDocuments.matchFulfilled);

function refusalCode(error: ConnectError): RefusalCode | null {
  const code = error.data?.code;
  return code === 'UNAUTHORIZED' || code === 'TOKEN_EXPIRED' || code === 'TRY_AGAIN' ? code : null;
}

/**
 * The one socket of the SPA (STYLE "Middleware owns the socket"). It opens once someone is signed in
 * and a screen wants live progress (or an upload is being followed), and closes when the session
 * ends. Socket events become plain actions the slices record; the middleware then joins and leaves
 * rooms, invalidates the cached reads an update changes, and raises the spec's toasts as notices.
 *
 * A refused connection says why: an expired access token is renewed once over HTTP, through the
 * tab's one refresh that requests and downloads share (a refresh they finished after the attempt
 * began is not repeated), and the socket connects again. So is a missing one (the access cookie
 * alone gone, the refresh cookie still there); unauthorised again after that, it stops trying until
 * someone signs in. A socket the server closes saying not to come back (the app is open in too many
 * tabs, or the page sent too many requests) stays closed and its words are shown; joins refused
 * for timing are made again after the delay the server names.
 */
export function createSocketMiddleware(openSocket: OpenSocket): Middleware<object, RealtimeRootState> {
  return (store) => {
    const dispatch = store.dispatch as RealtimeDispatch;
    let socket: RealtimeSocket | null = null;
    let socketUserId: string | null = null;
    /** An expired token is renewed once per connection; expiring again at once means something else is wrong. */
    let renewedSinceConnect = false;
    /**
     * When the socket's latest connection attempt began, at the earliest (epoch milliseconds): when
     * it was asked to connect, or when it lost a connection or failed one (socket.io tries again
     * after that). The attempt carried the cookies of that moment or newer ones.
     */
    let attemptSince = 0;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    /** What the server said before it last closed the socket: whether to connect again, and the words to show if not. */
    let closingNotice: SessionNotice | null = null;
    /**
     * Uploads this tab sent a review of: when the decision comes back on the socket the lists still
     * refetch, but the admin who made it is not told of it again (their other tabs, and other
     * admins, are). A refused review is taken out again, as no decision will come.
     */
    const reviewedHere = new Set<string>();
    const rejoins = rejoinSchedule((room) => {
      const stillFollowed = Object.values(store.getState().processing.tracked).some((entry) => entry.room === room);
      if (socket?.connected && stillFollowed) join(room);
    });

    function connect(target: RealtimeSocket) {
      attemptSince = Date.now();
      target.connect();
    }

    function join(room: string) {
      socket?.emit('joinProcessingRoom', room, (answer) => {
        if (answer?.ok) dispatch(joined({ room, update: answer.update }));
        else if (typeof answer?.retryInMs === 'number') rejoins.schedule(room, answer.retryInMs);
        else dispatch(joinRefused({ room, message: answer?.message ?? '' }));
      });
    }

    function open(userId: string) {
      const opened = openSocket();
      socket = opened;
      socketUserId = userId;
      renewedSinceConnect = false;
      opened.on('connect', () => {
        renewedSinceConnect = false;
        closingNotice = null;
        rejoins.clear();
        dispatch(connected());
        // After a reload, a reconnect or a server restart, every followed upload is joined again.
        for (const key of Object.keys(store.getState().processing.tracked)) join(key);
      });
      opened.on('disconnect', (reason) => {
        attemptSince = Date.now();
        dispatch(disconnected({ reason }));
        // The server closed the socket (a restart closes them all): try again; a dead session is refused
        // then. Unless it said not to: connecting again would only close another tab, or flood again.
        if (reason === 'io server disconnect' && closingNotice?.reconnect !== false) reconnectTimer = setTimeout(() => connect(opened), REALTIME.reconnectDelayMs);
      });
      opened.on('sessionNotice', (told) => {
        closingNotice = told;
        if (!told.reconnect) dispatch(notice('error', told.message));
      });
      opened.on('connect_error', (error) => onConnectError(opened, error));
      opened.on('processingUpdate', (update) => dispatch(updateReceived(update)));
      opened.on('uploadReviewed', (event) => dispatch(reviewReceived(event)));
      connect(opened);
    }

    function close() {
      clearTimeout(reconnectTimer);
      rejoins.clear();
      socket?.disconnect();
      socket = null;
      socketUserId = null;
      reviewedHere.clear();
      dispatch(sessionClosed());
    }

    function onConnectError(failed: RealtimeSocket, error: ConnectError) {
      const code = refusalCode(error);
      // Spec section 8: connection errors are only logged; the badge shows Disconnected.
      console.warn('Live updates could not connect:', error.message);
      dispatch(connectFailed({ code, message: error.message }));
      const attemptedSince = attemptSince;
      attemptSince = Date.now();
      if ((code === 'TOKEN_EXPIRED' || code === 'UNAUTHORIZED') && !renewedSinceConnect) {
        renewedSinceConnect = true;
        void renewThenConnect(failed, attemptedSince);
      }
      // The server was too busy to check the session: it asks to be tried again shortly.
      if (code === 'TRY_AGAIN') reconnectTimer = setTimeout(() => connect(failed), REALTIME.reconnectDelayMs * (1 + Math.random()));
      // socket.io does not retry a refusal: an unauthorised socket (or one whose renewed token expired
      // again) stays closed until the session changes, when it is replaced. Anything else (the server
      // down, the network) socket.io retries itself, with its backoff.
    }

    async function renewThenConnect(failed: RealtimeSocket, attemptedSince: number) {
      const outcome = await refreshSession(attemptedSince);
      if (socket !== failed) return; // the session ended meanwhile
      if (!outcome.renewed) {
        // The server refused to renew: the session is over, and ending it closes the socket.
        if (typeof outcome.status === 'number') {
          dispatch(sessionExpired());
          return;
        }
        // A network failure: socket.io retries with its backoff, and the next refusal may renew again.
        renewedSinceConnect = false;
      }
      connect(failed);
    }

    /** Opens or closes the socket to match who is signed in and whether anything needs it. */
    function matchSession() {
      const userId = store.getState().auth.user?.id ?? null;
      if (socket && socketUserId !== userId) close();
      const { realtime, processing } = store.getState();
      const needed = realtime.wanted || Object.keys(processing.tracked).length > 0;
      if (!socket && userId !== null && needed) open(userId);
    }

    /** A decision made on an upload: what shows it refetches, and the person is told unless this tab made it. */
    function afterReview(event: UploadReviewed) {
      dispatch(api.util.invalidateTags(reviewInvalidations(event)));
      if (reviewedHere.delete(event.uploadId)) return;
      dispatch(reviewNotice(event));
    }

    function afterUpdate(previous: RealtimeRootState, update: ProcessingUpdate, answeredJoin: boolean) {
      const outcome = processingOutcome(previous.processing, update, answeredJoin);
      if (!outcome) return;
      for (const room of outcome.leave) socket?.emit('leaveProcessingRoom', room);
      if (outcome.invalidate.length > 0) dispatch(api.util.invalidateTags(outcome.invalidate));
      if (outcome.notice) dispatch(outcome.notice);
    }

    return (next) => (action) => {
      const previous = store.getState();
      const result = next(action);
      matchSession();
      const state = store.getState();

      if (trackRequested.match(action) && socket?.connected) {
        const { processingId, jobId } = action.payload;
        const key = processingId ?? (jobId ? jobRoom(jobId) : null);
        // Joined now only if this request started the following; otherwise the connect joins it.
        if (key && !previous.processing.tracked[key] && state.processing.tracked[key]) join(key);
      } else if (updateReceived.match(action)) {
        const update = action.payload;
        if (keyOf(previous.processing, update) === null && !previous.processing.settled[update.processingId]) {
          // News of an upload this tab does not follow (queued in another tab or browser): the lists
          // refetch, and following it starts from there while it is in progress.
          dispatch(api.util.invalidateTags([...uploadViews]));
        } else afterUpdate(previous, update, false);
      } else if (joined.match(action)) {
        afterUpdate(previous, action.payload.update, true);
      } else if (reviewReceived.match(action)) {
        afterReview(action.payload);
      } else if (reviewSent(action)) {
        reviewedHere.add(action.meta.arg.originalArgs.fileProcessingId);
      } else if (reviewRefused(action)) {
        reviewedHere.delete(action.meta.arg.originalArgs.fileProcessingId);
      } else if (weeklyListFulfilled(action)) {
        // Uploads the server still reports in progress are followed again (a reload, another tab,
        // or, on the admin's list, a staff member's upload).
        for (const request of resumableUploads(state.processing, action.payload.data.documents)) dispatch(trackRequested(request));
        const named = clientsOfFollowedUploads(state.processing, action.payload.data.documents);
        if (named.length > 0) dispatch(clientsNamed(named));
      }
      return result;
    };
  };
}
