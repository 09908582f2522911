/**
 * Whether a build is missing or older than its sources: shared by `npm start` (scripts/start.ts),
 * `npm run process` (scripts/process.mjs) and the engine's benchmark. Plain JavaScript, so the command
 * line's launcher starts without transpiling anything.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

/** The newest modification time of a file, or of a folder and everything in it; 0 when missing. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

/** True when one of `outputs` is missing or older than the newest of `sources` (files or folders, relative to `root`). */
function needsBuild(root, outputs, sources) {
  const built = Math.min(...outputs.map((file) => newestMtime(path.join(root, file))));
  return built === 0 || Math.max(...sources.map((source) => newestMtime(path.join(root, source)))) > built;
}

/** The engine's command line as the server build writes it, with its threads' entries beside it. */
const ENGINE_CLI = 'dist/server/process.js';
const ENGINE_OUTPUTS = [ENGINE_CLI, 'dist/server/pipelineWorker.js', 'dist/server/xlsxReadWorker.js'];
const ENGINE_SOURCES = ['src/server/processing', 'scripts/build-server.ts', 'tsconfig.json', 'package-lock.json'];

/**
 * Builds the server (scripts/build-server.ts) when the engine's part of it is missing or older than the
 * engine's sources, and returns the command line's path. Everything printed goes to stderr: stdout is
 * the command line's.
 */
function buildEngineIfStale(root) {
  if (needsBuild(root, ENGINE_OUTPUTS, ENGINE_SOURCES)) {
    console.error('Building the engine (first run or sources changed)...');
    const result = spawnSync(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'scripts/build-server.ts')], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return path.join(root, ENGINE_CLI);
}

module.exports = { needsBuild, buildEngineIfStale };
