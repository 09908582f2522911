/**
 * Where the API lives: `/api` on the same origin unless the build names another base
 * (an absolute URL when the API has its own host).
 */
export const DEFAULT_API_BASE = '/api';

function configuredBase(): string | undefined {
  // Unbundled code (tests) has no build-time constant; the global may be set instead.
  return typeof __API_BASE__ === 'string' && __API_BASE__ !== '' ? __API_BASE__ : undefined;
}

export const apiBase: string = (configuredBase() ?? DEFAULT_API_BASE).replace(/\/+$/, '');
