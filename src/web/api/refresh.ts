import { Mutex } from 'async-mutex';
import { apiBase } from '@/web/lib/apiBase';

/**
 * One session refresh at a time, for every caller in the tab (the base query, downloads, the socket)
 * and for every tab of the browser. The refresh token rotates on every use and the server ends a
 * session whose spent token comes back (it takes that for theft), so two refreshes must never
 * present the same token: each waits for the one before it, and then does not refresh at all when
 * that one already renewed the cookies its request lacked.
 *
 * Every caller says when the request that met the expired token left (`sentAt`). A refresh that
 * finished after that moment, in this tab or another (tabs announce theirs on a BroadcastChannel),
 * replaced the cookies that request carried: the caller simply repeats its request. Tabs take turns
 * through the Web Locks API (a tab that had to wait for the lock first hears how the turn before
 * its own went), or, where it is missing, by announcing on the same channel the refresh they start
 * and waiting for the others' to end. A turn that does refresh after another tab's presents the
 * token that one received, as the cookies are shared. Should two refreshes still cross (a browser
 * without either API, two tabs announcing at the same instant), the server answers the second
 * presenter of a token it has just rotated with the same new pair.
 */

export const REFRESH_PATH = '/auth/refresh';
/** The name of the Web Lock, and of the channel, the tabs of this app share. */
export const REFRESH_LOCK = 'payroll-session-refresh';
/** A refresh unanswered this long counts as unreachable, so a call that hangs cannot hold up every tab. */
export const REFRESH_TIMEOUT_MS = 20_000;

/** What a refresh came to. */
export type RefreshOutcome =
  /** The cookies hold a live pair (renewed by this call, or by another caller or tab meanwhile). */
  | { renewed: true }
  /** The server answered with a refusal: the session is over. */
  | { renewed: false; status: number }
  /** No answer: the session may well be alive, and a later attempt may renew it. */
  | { renewed: false; status: 'FETCH_ERROR' | 'TIMEOUT_ERROR'; error: string };

/** What tabs tell each other. */
interface RefreshMessage {
  /** 'refreshing': a tab (without Web Locks) is about to refresh; 'done': a tab's turn is over, renewed or not. */
  kind: 'refreshing' | 'done';
  tab: string;
  /** When the refresh started ('refreshing') or its answer arrived ('done'), in epoch milliseconds. */
  at: number;
  /** Whether the turn renewed the session. */
  renewed?: boolean;
}

const RENEWED: RefreshOutcome = { renewed: true };
const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const inTab = new Mutex();
/** This tab's latest refresh: when it was answered and how. */
let latest: { at: number; outcome: RefreshOutcome } | undefined;
/** When another tab's latest successful refresh was answered. */
let renewedElsewhereAt = 0;
/** How many turns of other tabs this tab has heard end. */
let turnsEndedElsewhere = 0;
/** Tabs refreshing now (without Web Locks), with when they said so. */
const refreshingElsewhere = new Map<string, number>();
const onTurnEndedElsewhere = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function sharedChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === 'undefined') return (channel = null);
  channel = new BroadcastChannel(REFRESH_LOCK);
  channel.onmessage = (event: MessageEvent<RefreshMessage>) => {
    const message = event.data;
    if (!message || message.tab === tabId || typeof message.at !== 'number') return;
    if (message.kind === 'refreshing') {
      refreshingElsewhere.set(message.tab, Date.now());
      return;
    }
    refreshingElsewhere.delete(message.tab);
    if (message.renewed) renewedElsewhereAt = Math.max(renewedElsewhereAt, message.at);
    turnsEndedElsewhere += 1;
    for (const wake of [...onTurnEndedElsewhere]) wake();
  };
  return channel;
}

function announce(message: Omit<RefreshMessage, 'tab'>): void {
  sharedChannel()?.postMessage({ ...message, tab: tabId });
}

// Listening starts with the app, so a refresh another tab finishes before this one's first is heard.
sharedChannel();

/** Whether another tab said it is refreshing and has not said it is done (a tab closed mid-refresh is forgotten in time). */
function othersRefreshing(): boolean {
  const stale = Date.now() - REFRESH_TIMEOUT_MS - 1000;
  for (const [tab, since] of refreshingElsewhere) if (since < stale) refreshingElsewhere.delete(tab);
  return refreshingElsewhere.size > 0;
}

/** Resolves when another tab's turn ends, or after `ms`. */
function turnEndedElsewhere(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      onTurnEndedElsewhere.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    onTurnEndedElsewhere.add(wake);
  });
}

/**
 * How long a tab that waited for the Web Lock waits, at most, for the news of the turn before its
 * own: the tab that held the lock said how it went just before releasing it, but the lock and the
 * channel are separate ways between tabs, and the grant may arrive first.
 */
const NEWS_OF_PREVIOUS_TURN_MS = 1000;

/**
 * Runs `turn` while no other tab refreshes: under the Web Lock, else by turns announced on the
 * channel. Either way every turn ends with a 'done' announcement (see refreshSession).
 */
async function inTurnAcrossTabs<T>(turn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    const heardBefore = turnsEndedElsewhere;
    const uncontended = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { result: await turn() } : null));
    if (uncontended) return uncontended.result;
    return locks.request(REFRESH_LOCK, async () => {
      // Another tab held the lock meanwhile: hear how its turn went before deciding to refresh.
      if (turnsEndedElsewhere === heardBefore && sharedChannel()) await turnEndedElsewhere(NEWS_OF_PREVIOUS_TURN_MS);
      return turn();
    });
  }
  // Without locks: wait while another tab says it is refreshing; `turn` says so itself before it does.
  while (sharedChannel() && othersRefreshing()) await turnEndedElsewhere(REFRESH_TIMEOUT_MS);
  return turn();
}

async function postRefresh(): Promise<RefreshOutcome> {
  try {
    const response = await fetch(`${apiBase}${REFRESH_PATH}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REFRESH_TIMEOUT_MS) : undefined,
    });
    // The body says nothing a caller needs; it is read to its end all the same, so the call completes.
    await response.arrayBuffer().catch(() => undefined);
    return response.ok ? RENEWED : { renewed: false, status: response.status };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { renewed: false, status: timedOut ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) };
  }
}

/**
 * Renews the session for a request that left at `sentAt` (epoch milliseconds) and was answered
 * TOKEN_EXPIRED. Waits for any refresh under way in this tab or another; answers the outcome of the
 * one that renewed the cookies since `sentAt` if there was one, and otherwise refreshes itself.
 * Callers that share an outcome get the same object.
 */
export function refreshSession(sentAt: number): Promise<RefreshOutcome> {
  return inTab.runExclusive(async () => {
    if (latest && latest.at >= sentAt) return latest.outcome;
    if (renewedElsewhereAt >= sentAt) return RENEWED;
    return inTurnAcrossTabs(async () => {
      if (renewedElsewhereAt >= sentAt) {
        announce({ kind: 'done', at: Date.now() });
        return RENEWED;
      }
      announce({ kind: 'refreshing', at: Date.now() });
      const outcome = await postRefresh();
      const at = Date.now();
      latest = { at, outcome };
      announce({ kind: 'done', at, renewed: outcome.renewed });
      return outcome;
    });
  });
}

/** Resolves once no refresh of this tab is under way (or waiting for another tab's): requests sent then carry the newest cookies. */
export function refreshSettled(): Promise<void> {
  return inTab.waitForUnlock();
}
