import { and, inArray, like, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { leads } from '../../platform/db/schema.ts';
import type { GeneratedLead } from '../generate.ts';
import { insertLeads } from '../seed.ts';
import { fullCompanyKey } from './match.ts';

/** Digits after the prefix of an imported lead's id (`L9` + `000012`). */
const ID_DIGITS = 6;

/**
 * Stores the companies a company file's accepted rows make (docs/imports.md). A company is already
 * there when a stored lead of its country has its name under `fullCompanyKey` (legal form kept:
 * "Driftmoor GmbH" is not "Driftmoor AG"), whatever its id, so a
 * second run adds nothing and a later file does not overwrite an earlier one's company. A new
 * company keeps its id (`<prefix><row>`) unless another company has it; then it gets the next free
 * id of its prefix.
 */
export async function importCompanies(
  db: Db,
  accepted: readonly GeneratedLead[],
): Promise<{ added: number; already: number }> {
  const countries = [...new Set(accepted.map((lead) => lead.country))];
  const stored = countries.length
    ? await db
        .select({ name: leads.name, country: leads.country })
        .from(leads)
        .where(inArray(leads.country, countries))
    : [];
  const known = new Set(stored.map((lead) => `${lead.country}|${fullCompanyKey(lead.name)}`));
  const fresh: GeneratedLead[] = [];
  for (const lead of accepted) {
    const key = `${lead.country}|${fullCompanyKey(lead.name)}`;
    if (known.has(key)) continue;
    known.add(key);
    fresh.push(lead);
  }
  const added = await storeLeads(db, fresh);
  return { added, already: accepted.length - added };
}

/**
 * Stores new companies: each keeps its id (`<prefix><number>`) unless another company has it; then
 * it gets the next free id of its prefix. Returns how many were stored.
 */
export async function storeLeads(db: Db, fresh: readonly GeneratedLead[]): Promise<number> {
  const taken = new Set<string>();
  for (let i = 0; i < fresh.length; i += 1000) {
    const ids = fresh.slice(i, i + 1000).map((lead) => lead.id);
    for (const row of await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids)))
      taken.add(row.id);
  }
  const next = new Map<string, number>();
  const numberOf = (id: string, prefix: string) =>
    id.startsWith(prefix) && id.length === prefix.length + ID_DIGITS
      ? Number(id.slice(prefix.length)) || 0
      : 0;
  const renamed: GeneratedLead[] = [];
  for (const lead of fresh) {
    if (!taken.has(lead.id)) {
      renamed.push(lead);
      continue;
    }
    const prefix = lead.id.slice(0, -ID_DIGITS);
    if (!next.has(prefix)) {
      // Ids of one prefix have one width, so the greatest id holds the greatest number.
      const [row] = await db
        .select({ id: max(leads.id) })
        .from(leads)
        .where(and(like(leads.id, `${prefix}%`), sql`length(${leads.id}) = ${prefix.length + ID_DIGITS}`));
      const inFile = fresh.map((other) => numberOf(other.id, prefix));
      next.set(prefix, Math.max(row?.id ? numberOf(row.id, prefix) : 0, ...inFile) + 1);
    }
    const n = next.get(prefix)!;
    next.set(prefix, n + 1);
    renamed.push({ ...lead, id: `${prefix}${String(n).padStart(ID_DIGITS, '0')}` });
  }
  return insertLeads(db, renamed);
}
