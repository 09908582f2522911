/**
 * `npm start`: builds the SPA and the server when the build is missing or older than the sources,
 * then serves both from one port.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const outputs = ['dist/web/index.html', 'dist/server/main.js'].map((file) => path.join(root, file));
const sources = ['src', 'openapi', 'index.html', 'vite.config.ts', 'package-lock.json'].map((file) => path.join(root, file));

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (built === 0 || Math.max(...sources.map(newestMtime)) > built) {
  console.log('Building the app (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js'), ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
