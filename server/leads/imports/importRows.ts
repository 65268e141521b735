import type { Db } from '../../platform/db/client.ts';
import { validateImport } from '../importer.ts';
import type { ImportReport, ImportRow } from './cells.ts';
import { importCompanies } from './companies.ts';
import { importContacts } from './contacts.ts';
import type { Layout } from './layout.ts';
import { importShipments, type ShipmentsOptions } from './shipments.ts';
import { importDirectory, type DirectoryOptions } from './directory.ts';

/**
 * Imports the rows of one file of a known layout (readImportFile): companies, an Apollo or Hunter
 * contacts export, or a customs shipments export. `npm run leads:import` and `npm run
 * grade:imports` both come through here.
 */
export async function importRows(
  db: Db,
  layout: Layout,
  rows: ImportRow[],
  options: { source: string; file: string; today: Date; idPrefix: string } & Pick<
    ShipmentsOptions,
    'dateOrder' | 'country'
  > &
    Pick<DirectoryOptions, 'role'>,
): Promise<ImportReport> {
  if (layout === 'companies') {
    const { accepted, rejected } = validateImport(rows, options.idPrefix);
    return { rows: rows.length, ...(await importCompanies(db, accepted)), rejected, unmatched: [] };
  }
  if (layout === 'shipments') return importShipments(db, rows, options);
  if (layout === 'directory') return importDirectory(db, rows, options);
  return importContacts(db, rows, layout, { source: options.source });
}
