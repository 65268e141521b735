/**
 * `npm run dev`: Astro's dev server on PORT (4321) with /api proxied to the API server, which
 * runs beside it on API_PORT (4322) from the same code as `npm start`, restarting on changes.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4322';
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', DIST_DIR: '/nonexistent-dev-dist' },
  }),
  spawn('npx', ['astro', 'dev'], {
    stdio: 'inherit',
    env: { ...process.env, API_DEV_URL: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => (stop(), process.exit(code ?? 0)));
