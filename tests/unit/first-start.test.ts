/**
 * Issue 35 "Installing": the first start says how far the demo seed is, and the embedded database
 * is opened by one process at a time (the server, `npm run codes`, `npm run leads:import`).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationRefused } from '../../server/platform/config.ts';
import { lockDataDir } from '../../server/platform/db/client.ts';
import { seedProgressPrinter } from '../../server/start.ts';

const sink = (isTTY: boolean) => {
  const written: string[] = [];
  return {
    isTTY,
    written,
    write: (text: string) => written.push(text) > 0,
  } as unknown as NodeJS.WritableStream & {
    isTTY: boolean;
    written: string[];
  };
};

describe('the first start prints its seed progress', () => {
  it('a log file gets the start and one line a quarter, not one a batch', () => {
    const out = sink(false);
    const progress = seedProgressPrinter(out)!;
    progress({ stage: 'generate', done: 0, total: 0 });
    for (let done = 1000; done < 17_100; done += 1000) progress({ stage: 'insert', done, total: 17_100 });
    progress({ stage: 'insert', done: 17_100, total: 17_100 });
    expect(out.written).toEqual([
      'Generating the demo leads (first start only, about a minute on 2 cores)…\n',
      'Seeding the demo leads: 5,000 of 17,100\n',
      'Seeding the demo leads: 9,000 of 17,100\n',
      'Seeding the demo leads: 13,000 of 17,100\n',
      'Seeding the demo leads: 17,100 of 17,100\n',
    ]);
  });

  it('a terminal gets one line that updates in place and ends with a newline', () => {
    const out = sink(true);
    const progress = seedProgressPrinter(out)!;
    progress({ stage: 'insert', done: 1000, total: 2000 });
    progress({ stage: 'insert', done: 2000, total: 2000 });
    expect(out.written).toEqual([
      '\rSeeding the demo leads: 1,000 of 2,000',
      '\rSeeding the demo leads: 2,000 of 2,000\n',
    ]);
  });

  it('prints nothing without an output (tests, benchmarks)', () => {
    expect(seedProgressPrinter(undefined)).toBeUndefined();
  });
});

describe('the embedded database is one process’s at a time', () => {
  const dir = () => join(mkdtempSync(join(tmpdir(), 'honeyleads-lock-')), 'pglite');

  it('a second opener is refused with the live process that holds it, and nothing changes', () => {
    const dataDir = dir();
    // The parent process (the test runner) stands for a running server.
    writeFileSync(`${dataDir}.pid`, String(process.ppid));
    let refused: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigurationRefused);
    expect((refused as Error).message).toContain(`open in another process (pid ${process.ppid}`);
    expect((refused as Error).message).toContain('stop that process first');
    expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.ppid));
  });

  it('a lock left by a crashed process is taken over, and released afterwards', () => {
    const dataDir = dir();
    // No process has this pid (above the kernel's pid_max).
    writeFileSync(`${dataDir}.pid`, '4194305');
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
  });

  it('the holder can take it again after releasing it', () => {
    const dataDir = dir();
    lockDataDir(dataDir)();
    const release = lockDataDir(dataDir);
    expect(readFileSync(`${dataDir}.pid`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
