import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/freePort';

const root = path.resolve(__dirname, '../..');
export const stateFile = path.join(os.tmpdir(), 'payroll-e2e-server.json');

/** Starts the built server with a fresh embedded database and demo data, as `npm start` would. */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/web/index.html'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The build failed; the browser suite needs the built app.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'payroll-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start within 90 s')), 90_000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
  child.stdout.resume();
  writeFileSync(stateFile, JSON.stringify({ pid: child.pid, baseUrl: `http://127.0.0.1:${port}`, dataDir }));
}
