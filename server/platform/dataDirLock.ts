import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database (PGlite in `DATA_DIR/pglite`) belongs to one process at a time: PGlite is
 * PostgreSQL in single-user mode, and a second process writing the same files beside a running
 * server can corrupt them. Whoever opens it (the server, `npm run codes`, `npm run leads:import`)
 * first takes this lock, `DATA_DIR/pglite.lock`, holding its pid and what it is. A lock whose
 * process is gone (a crash, `kill -9`) is stale and taken over. PostgreSQL (`DATABASE_URL`) needs
 * none: there every tool is safe beside the running server.
 */
export interface DataDirLock {
  /** Gives the lock back (only if it is still ours). */
  release(): void;
}

/** The lock is held by a live process: what it is, to name in the refusal. */
export class DataDirBusyError extends Error {
  readonly pid: number;
  readonly holder: string;
  constructor(pid: number, holder: string, file: string) {
    super(
      `The embedded database in ${file.replace(/pglite\.lock$/, 'pglite')} is open in ${holder} (pid ${pid}). ` +
        'PGlite allows one process at a time: stop it first (Ctrl+C), then run this again. ' +
        'With PostgreSQL (DATABASE_URL) this runs beside the server. ' +
        `If no such process is running, delete ${file}.`,
    );
    this.name = 'DataDirBusyError';
    this.pid = pid;
    this.holder = holder;
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the embedded database's lock for `holder` ("the server", "npm run codes"), or throws
 * DataDirBusyError naming the live process that holds it.
 * @example const lock = lockDataDir('./data', 'npm run codes'); try { … } finally { lock.release(); }
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'pglite.lock');
  const mine = `${process.pid}\n${holder}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      return {
        release: () => {
          try {
            if (readFileSync(file, 'utf8') === mine) rmSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid = NaN;
    let other = 'another process';
    try {
      const [first = '', second] = readFileSync(file, 'utf8').split('\n');
      pid = Number(first);
      if (second) other = second;
    } catch {
      // Removed between the two calls: try again.
    }
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new DataDirBusyError(pid, other, file);
    // Stale: its process is gone.
    rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}`);
}
