/** True when one of `outputs` is missing or older than the newest of `sources` (files or folders, relative to `root`). */
export declare function needsBuild(root: string, outputs: string[], sources: string[]): boolean;

/** Builds the server when the engine's command line or its threads are missing or stale; returns the command line's path. */
export declare function buildEngineIfStale(root: string): string;
