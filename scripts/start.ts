/**
 * `npm start`: builds the SPA and the server when the build is missing or older than the sources,
 * then serves both from one port.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { needsBuild } from './buildFreshness.cjs';

const root = path.resolve(__dirname, '..');
const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const sources = ['src', 'openapi', 'index.html', 'vite.config.ts', 'package-lock.json'];

if (needsBuild(root, outputs, sources)) {
  console.log('Building the app (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js'), ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
