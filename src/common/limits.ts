/** Business constants and limits of spec section 9. */

export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const NAME_LIMITS = {
  companyName: 255,
  staffName: 100,
  clientName: 255,
  ticketTitle: 255,
} as const;

export const PASSWORD_LIMITS = {
  staffMin: 4,
  staffMax: 100,
  adminMin: 4,
  loginMin: 1,
} as const;

export const PAGE_SIZES = {
  tickets: 12,
  staff: 10,
  clients: 10,
  companies: 10,
  companyAdmins: 10,
  consolidatedFiles: 10,
  staffWeeklyUploads: 10,
  staffFileUploads: 10,
  staffAssignedClients: 10,
  adminFileUploads: 20,
  adminWeeklyUploads: 20,
  /** Row numbering of admin weekly uploads when the answer carries no limit. */
  adminWeeklyUploadsNumberingFallback: 50,
  /** The admin dashboard's clients with the most week-over-week changes; the rest are a link away. */
  adminWeeklyChanges: 8,
  /** The dashboard only needs the total of assigned clients. */
  assignedClientsSummary: 1,
  /** The audit log, for operators and admins alike. */
  auditLog: 50,
} as const;

/** Numbered buttons the admin pager shows at most. */
export const ADMIN_PAGER_MAX_BUTTONS = 5;
export const SKELETON_ROWS = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const REQUIRED_DOCUMENTS_PER_CLIENT = 1;
export const TICKET_ID_DISPLAY_LENGTH = 8;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;

/** Reads: 3 retries with an exponential delay from 1 s capped at 30 s; unused entries go after 300 s. */
export const QUERY_RETRY = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 30000 } as const;
export const CACHE_UNUSED_SECONDS = 300;

/**
 * How long, in seconds, each kind of read stays fresh; `kept` is how long an unused entry stays
 * cached when it differs from its freshness.
 */
export const CACHE_FRESHNESS = {
  companies: { fresh: 300, kept: 600 },
  companyAdmins: { fresh: 300 },
  clients: { fresh: 120 },
  staffClients: { fresh: 120 },
  clientDetail: { fresh: 300 },
  weeklyDocuments: { fresh: 60 },
  weeklySummary: { fresh: 60 },
  staffUploads: { fresh: 120 },
  uploadReview: { fresh: 300 },
  weeklyStats: { fresh: 120 },
  userProfile: { fresh: 900 },
  currentCompany: { fresh: 300 },
  /** The admin dashboard's storage figure (ours, not the spec's): it moves with every upload. */
  companyStorage: { fresh: 60 },
  companyStaff: { fresh: 120 },
  consolidatedFiles: { fresh: 300 },
  companyFileUploads: { fresh: 120 },
  tickets: { fresh: 120 },
  ticketDetail: { fresh: 300 },
  ticketStatistics: { fresh: 300 },
  /** The audit log and its filters' choices: changes land there all the time. */
  auditLog: { fresh: 30 },
} as const satisfies Record<string, { fresh: number; kept?: number }>;

export type CacheKind = keyof typeof CACHE_FRESHNESS;

/** Seconds a read of a kind stays fresh: a screen that mounts or changes its arguments after that refetches it. */
export function cacheFreshnessSeconds(kind: CacheKind): number {
  return CACHE_FRESHNESS[kind].fresh;
}

/** Seconds an unused cache entry of a kind is kept. */
export function cacheLifetimeSeconds(kind: CacheKind): number {
  const entry: { fresh: number; kept?: number } = CACHE_FRESHNESS[kind];
  return entry.kept ?? entry.fresh;
}

/** Realtime connection: websocket first, then polling. */
export const REALTIME = {
  transports: ['websocket', 'polling'],
  connectTimeoutMs: 20000,
  reconnectDelayMs: 1000,
  reconnectDelayMaxMs: 5000,
  randomizationFactor: 0.5,
} as const;
