import type { IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../http/errors';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Where `npm run dev` serves the SPA (vite.config.ts); it forwards /api and /socket.io to this server. */
const DEV_SERVER_PORT = 5173;

const FROM_ANOTHER_SITE = 'This request was refused because it came from another site.';
const FROM_NO_SITE = 'This request was refused because it did not say which site sent it. Please use the app itself, or send an Origin header naming this server.';

/** Whether a page at this origin (as a browser's Origin header writes it) may act on this server. */
export type OriginCheck = (origin: string) => boolean;

/** What the origin rule needs of the HTTP server: the address it listens on, once it does. */
type Listener = Pick<Server, 'address'>;

/**
 * The origins whose pages may act on this server: PUBLIC_ORIGIN, the address people open the app at,
 * and ALLOWED_ORIGINS. Without PUBLIC_ORIGIN, outside production, the address the server listens on
 * (http://localhost:PORT and http://127.0.0.1:PORT, the port read once it listens) stands in for it,
 * and in development the Vite dev server's too. Never the request's Host header: the client writes it.
 */
export function trustedOrigins(config: Pick<Config, 'env' | 'port' | 'publicOrigin' | 'allowedOrigins'>, server: Listener): OriginCheck {
  const configured = new Set([...(config.publicOrigin ? [config.publicOrigin] : []), ...config.allowedOrigins]);
  if (config.publicOrigin || config.env === 'production') return (origin) => configured.has(origin);
  return (origin) => configured.has(origin) || localOrigins(config.env, listeningPort(server) ?? config.port).includes(origin);
}

/** The origin this server's own pages have: PUBLIC_ORIGIN, or else the address it listens on. */
export function ownOrigin(config: Pick<Config, 'port' | 'publicOrigin'>, server: Listener): string {
  return config.publicOrigin ?? `http://localhost:${listeningPort(server) ?? config.port}`;
}

function localOrigins(env: Config['env'], port: number): string[] {
  const ports = env === 'development' ? [port, DEV_SERVER_PORT] : [port];
  return ports.flatMap((each) => [`http://localhost:${each}`, `http://127.0.0.1:${each}`]);
}

function listeningPort(server: Listener): number | undefined {
  const address = server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}

/**
 * Why a request that acts on the caller's session is refused as cross-site, or undefined when it may
 * go on. A browser names the page that sent a state-changing request in Origin, which a page cannot
 * forge: it must be a trusted origin. A request without Origin but with the session's cookies is
 * refused unless the browser's Sec-Fetch-Site says it came from this origin, since the cookies alone
 * prove nothing about who sent it; one without those cookies (a script signing in) acts on no
 * session and passes.
 */
export function crossSiteRefusal(headers: IncomingHttpHeaders, carriesSession: boolean, trusted: OriginCheck): string | undefined {
  const origin = headers.origin;
  if (origin) return trusted(origin) ? undefined : FROM_ANOTHER_SITE;
  if (!carriesSession || headers['sec-fetch-site'] === 'same-origin') return undefined;
  return FROM_NO_SITE;
}

/** Refuses a state-changing request sent by a page of another site (see crossSiteRefusal); the realtime socket applies the same rule. */
export function originGuard(trusted: OriginCheck) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const carriesSession = Boolean(request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE]);
    const refusal = crossSiteRefusal(request.headers, carriesSession, trusted);
    if (refusal) throw forbidden(refusal);
  };
}
