/**
 * Issue 36, item 5: a public install refuses the embedded database unless told otherwise (each of
 * several instances would otherwise run a database of its own), and the embedded database serves
 * one process at a time (two writing one data directory corrupt it), so the operator's commands
 * reach it through the running server (issue 32, item 4). `node server/main.ts`, `npm run codes`
 * and `npm run leads:import` as an operator runs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The environment without the settings these tests choose. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'SITE_URL',
    'NODE_ENV',
    'EMBEDDED_DATABASE',
    'DEMO_SEED',
  ])
    delete env[name];
  return { ...env, PORT: '0', HOST: '127.0.0.1', DIST_DIR: '/nonexistent', ...extra };
}

/** Runs a server script to its end (killed after 30 s: a server that starts anyway); its exit code and output. */
function run(script: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, script, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    let out = '';
    child.stdout!.on('data', (chunk) => (out += String(chunk)));
    child.stderr!.on('data', (chunk) => (out += String(chunk)));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('a public install and the embedded database', () => {
  it('NODE_ENV=production without DATABASE_URL does not start, says why and how to opt in, and opens nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hl-public-'));
    const { code, out } = await run(
      ['server/main.ts'],
      environment({ NODE_ENV: 'production', DATA_DIR: dataDir }),
    );
    expect(code).toBe(1);
    expect(out).toContain('public install');
    expect(out).toContain('DATABASE_URL');
    expect(out).toContain('EMBEDDED_DATABASE=1');
    expect(out).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);

  it('EMBEDDED_DATABASE=1 starts it on PGlite; while it runs, imports and codes go through it and another server is refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hl-public-'));
    const env = environment({ NODE_ENV: 'production', EMBEDDED_DATABASE: '1', DATA_DIR: dataDir });
    const server: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (chunk) => {
          output += String(chunk);
          if (output.includes('Redeem codes')) resolve();
        });
        server.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
      });
      expect(output).toContain(`Database: PGlite in ${join(dataDir, 'pglite')}`);
      const socket = join(dataDir, 'operator.sock');
      expect(output).toContain(`reach this server's embedded database through ${socket}`);
      // Only this OS user can open the socket.
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      const codes = await run(['server/cli/codes.ts', '--beans', '5', '--count', '2'], env);
      expect(codes.code).toBe(0);
      expect(codes.out).toContain(
        `Minted 2 codes worth 5 beans each in the running server's database (through ${socket})`,
      );
      const file = 'docs/samples/shipments.csv';
      const imported = await run(['server/cli/leads-import.ts', file], env);
      expect(imported.code).toBe(0);
      // Into an empty database: every consignee and shipper is a new company.
      expect(imported.out).toBe(
        `shipments from ${file} into the running server's database (through ${socket}): 5 added, 0 already there, 0 rejected, 0 unmatched (of 5 rows); 9 new companies.\n`,
      );
      // A file the importer refuses whole is refused through the server too, with its reason.
      const undated = join(dataDir, 'undated.csv');
      writeFileSync(
        undated,
        'Date,Consignee,HS Code\n03/04/2026,Tavento Works AG,940511\n05/06/2026,Tavento Works AG,940511\n',
      );
      const refused = await run(['server/cli/leads-import.ts', undated, '--country', 'Germany'], env);
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('give --date-order dmy (day first) or mdy (month first)');
      // A second server is refused the data directory.
      const second = await run(['server/main.ts'], env);
      expect(second.code).toBe(1);
      expect(second.out).toContain(`open in another process (pid ${server.pid}`);
      expect(second.out).toContain('DATABASE_URL');
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    // Released on a clean stop, socket and all: the next process gets the database, where the
    // server's import is stored.
    expect(existsSync(join(dataDir, 'pglite.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'operator.sock'))).toBe(false);
    const again = await run(['server/cli/leads-import.ts', 'docs/samples/shipments.csv'], env);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`into PGlite in ${join(dataDir, 'pglite')}: 0 added, 5 already there`);
  }, 180_000);
});
