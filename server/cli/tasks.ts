import { z } from 'zod';
import { mintCodes } from '../billing/redeem.ts';
import type { Db } from '../platform/db/client.ts';
import { OperatorRefused, type OperatorTasks } from '../platform/operator.ts';
import type { ImportReport } from '../leads/imports/cells.ts';
import { importRows } from '../leads/imports/importRows.ts';
import { ImportRefused } from '../leads/imports/shipments.ts';

/**
 * What the operator's commands do to the database, wherever they run: in the command's own process
 * (PostgreSQL, or an embedded database no server holds), or in the running server that holds the
 * embedded database, reached over its operator socket (server/platform/operator.ts).
 */

/** A file's rows to import, read and checked by `npm run leads:import` (server/cli/leads-import.ts). */
export const importTask = z.object({
  layout: z.enum(['companies', 'apollo', 'hunter', 'shipments', 'directory']),
  rows: z.array(z.record(z.string(), z.string().optional())),
  source: z.string().min(1).max(200),
  file: z.string().min(1).max(200),
  idPrefix: z.string().regex(/^L\d{1,3}$/),
  dateOrder: z.enum(['dmy', 'mdy']).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  role: z.enum(['buyer', 'supplier']).optional(),
});
export type ImportTask = z.infer<typeof importTask>;

/** Imports the rows; a file refused whole (days that read both ways) is an OperatorRefused, nothing written. */
export async function runImport(db: Db, task: ImportTask): Promise<ImportReport> {
  const { layout, rows, dateOrder, country, role, ...options } = task;
  try {
    return await importRows(db, layout, rows, {
      ...options,
      today: new Date(),
      ...(dateOrder ? { dateOrder } : {}),
      ...(country ? { country } : {}),
      ...(role ? { role } : {}),
    });
  } catch (error) {
    if (error instanceof ImportRefused) throw new OperatorRefused(error.message);
    throw error;
  }
}

/** Redeem codes to mint (`npm run codes`). */
export const codesTask = z.object({
  beans: z.number().int().min(1).max(100_000),
  count: z.number().int().min(1).max(10_000),
});

/** The tasks the running server does for the operator. */
export const operatorTasks = (db: Db): OperatorTasks => ({
  import: (body) => runImport(db, importTask.parse(body)),
  codes: (body) => {
    const { beans, count } = codesTask.parse(body);
    return mintCodes(db, beans, count);
  },
});
