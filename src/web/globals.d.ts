/** Replaced at build time by the bundler (see vite.config.ts); absent when the code runs unbundled. */
declare const __API_BASE__: string | undefined;
