import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Half a year: how long a browser that reached the app over https keeps to https. */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 3600;

const API_PATH = /^\/api([/?]|$)/;
/** API answers that carry nobody's data: the health checks and the API reference (its page and assets, the contract). */
const ANSWERS_WITHOUT_PERSONAL_DATA = /^\/api\/(health|ready|docs|openapi\.json)([/?]|$)/;

/**
 * The headers of an answer written before the framework's hooks run (an address the router cannot
 * read, a request the HTTP parser refused): JSON that no page is built from, so it may load nothing.
 */
export const BARE_ANSWER_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/**
 * The headers every answer carries, pages, files and API answers alike, refusals and errors
 * included: a Content-Security-Policy under which the built SPA and the API reference run (their
 * scripts are files of this origin, never inline; the UI library writes style tags, so styles may be
 * inline), no framing by any page (a signed-in screen cannot be overlaid by another site), no MIME
 * sniffing, no Referer to other sites; and `Cache-Control: no-store` on every API answer that may
 * carry people's names or pay, so that no browser or proxy keeps a copy.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'publicOrigin' | 'cookieSecure'>): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(config));
  app.addHook('onRequest', keepApiAnswersOutOfCaches);
}

export function helmetOptions(config: Pick<Config, 'publicOrigin' | 'cookieSecure'>): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...websocketOrigins(config.publicOrigin)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    // Not no-referrer: under it a browser may send `Origin: null` on a same-origin form post, which the origin rule refuses.
    referrerPolicy: { policy: 'same-origin' },
    // Only where the app is served over https (its cookies are Secure); a trial over plain http must stay reachable.
    strictTransportSecurity: config.cookieSecure ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xPoweredBy: true,
    xXssProtection: true,
  };
}

/**
 * The realtime socket's address at the public origin (wss: for https:), for browsers in which the
 * policy's 'self' does not yet cover websockets; 'self' alone serves the others and the defaults.
 */
function websocketOrigins(publicOrigin: string | undefined): string[] {
  return publicOrigin ? [publicOrigin.replace(/^http/, 'ws')] : [];
}

function keepApiAnswersOutOfCaches(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (API_PATH.test(request.url) && !ANSWERS_WITHOUT_PERSONAL_DATA.test(request.url)) reply.header('cache-control', 'no-store');
  done();
}
