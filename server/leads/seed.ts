import { count, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { leadContacts, leadPeople, leadShipments, leads } from '../platform/db/schema.ts';
import { generateLeads, type GeneratedLead } from './generate.ts';

/**
 * Inserts leads with their people, contacts and shipments in batches (the demo seed, the importer
 * CLI, tests). A lead whose id is already stored is left as it is, children included, so running
 * an import twice adds nothing.
 */
export async function insertLeads(
  db: Db,
  rows: readonly GeneratedLead[],
  batch = 1000,
  onProgress?: SeedProgress,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    await db.transaction(async (tx) => {
      const added = await tx
        .insert(leads)
        .values(chunk.map(({ contacts: _c, people: _p, shipments: _s, ...lead }) => lead))
        .onConflictDoNothing()
        .returning({ id: leads.id });
      const fresh = new Set(added.map((row) => row.id));
      inserted += fresh.size;
      const mine = chunk.filter((lead) => fresh.has(lead.id));
      const people = mine.flatMap((lead) => lead.people.map((person) => ({ ...person, leadId: lead.id })));
      for (let j = 0; j < people.length; j += 4000)
        await tx.insert(leadPeople).values(people.slice(j, j + 4000));
      const contacts = mine.flatMap((lead) =>
        lead.contacts.map((contact) => ({ ...contact, personId: contact.personId ?? null, leadId: lead.id })),
      );
      for (let j = 0; j < contacts.length; j += 4000)
        await tx.insert(leadContacts).values(contacts.slice(j, j + 4000));
      const shipments = mine.flatMap((lead) =>
        lead.shipments.map((shipment) => ({ ...shipment, leadId: lead.id })),
      );
      for (let j = 0; j < shipments.length; j += 2000)
        await tx.insert(leadShipments).values(shipments.slice(j, j + 2000));
    });
    onProgress?.({ stage: 'insert', done: Math.min(i + batch, rows.length), total: rows.length });
  }
  return inserted;
}

/** Where a first start's demo seed is (issue 35: a progress line instead of 40 s of silence). */
export type SeedProgress = (step: { stage: 'generate' | 'insert'; done: number; total: number }) => void;

/**
 * On first start: the deterministic demo dataset (docs: clearly fictional, `.example` domains
 * only). A demo database seeded before people and shipments existed (migration 0009) gets them on
 * its next start (`enrichSeededDemo`).
 */
/**
 * The companies stored, the demo's and imported ones apart (the start banner): a demo company's id
 * is `L` and six digits, an imported one's has a longer prefix (`npm run leads:import -- --id-prefix`).
 */
export async function countLeads(db: Db): Promise<{ demo: number; imported: number }> {
  const [row] = await db
    .select({
      demo: sql<number>`count(*) FILTER (WHERE ${leads.id} ~ '^L[0-9]{6}$')`.mapWith(Number),
      all: count(),
    })
    .from(leads);
  return { demo: row?.demo ?? 0, imported: (row?.all ?? 0) - (row?.demo ?? 0) };
}

export async function seedLeads(db: Db, asOf = new Date(), onProgress?: SeedProgress): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(leads);
  if ((existing?.n ?? 0) > 0) {
    await enrichSeededDemo(db, asOf);
    return existing!.n;
  }
  onProgress?.({ stage: 'generate', done: 0, total: 0 });
  const rows = generateLeads({ asOf });
  await insertLeads(db, rows, 1000, onProgress);
  return rows.length;
}

/**
 * Gives the demo companies of a database seeded before issue 14 their people, founding years and
 * shipments, exactly as a fresh seed would: only when no lead has people or shipments yet, only
 * to stored leads whose id and name are the generator's (an import or an edited row is left
 * alone), and without touching any existing row but to link a named address to its person and
 * to set the founding year, traded products and score. Returns how many leads it enriched.
 */
export async function enrichSeededDemo(db: Db, asOf = new Date()): Promise<number> {
  const [people] = await db.select({ n: count() }).from(leadPeople);
  const [shipments] = await db.select({ n: count() }).from(leadShipments);
  if ((people?.n ?? 0) > 0 || (shipments?.n ?? 0) > 0) return 0;
  const generated = generateLeads({ asOf });
  const stored = new Map(
    (await db.select({ id: leads.id, name: leads.name }).from(leads)).map((row) => [row.id, row.name]),
  );
  const demo = generated.filter((lead) => stored.get(lead.id) === lead.name);
  for (let i = 0; i < demo.length; i += 500) {
    const chunk = demo.slice(i, i + 500);
    await db.transaction(async (tx) => {
      const ids = chunk.map((lead) => lead.id);
      const existing = await tx
        .select({ leadId: leadContacts.leadId, kind: leadContacts.kind, value: leadContacts.value })
        .from(leadContacts)
        .where(inArray(leadContacts.leadId, ids));
      const has = new Set(existing.map((c) => `${c.leadId}\n${c.kind}\n${c.value}`));
      const people = chunk.flatMap((lead) => lead.people.map((person) => ({ ...person, leadId: lead.id })));
      if (people.length) await tx.insert(leadPeople).values(people);
      const added: (typeof leadContacts.$inferInsert)[] = [];
      const links: SQL[] = [];
      for (const lead of chunk) {
        for (const contact of lead.contacts) {
          if (!has.has(`${lead.id}\n${contact.kind}\n${contact.value}`))
            // A person's direct line the old seed did not have.
            added.push({ ...contact, personId: contact.personId ?? null, leadId: lead.id });
          else if (contact.personId)
            links.push(sql`(${lead.id}, ${contact.kind}, ${contact.value}, ${contact.personId})`);
        }
      }
      if (links.length)
        await tx.execute(sql`
          UPDATE lead_contacts c SET person_id = v.person_id
          FROM (VALUES ${sql.join(links, sql`, `)}) AS v(lead_id, kind, value, person_id)
          WHERE c.lead_id = v.lead_id AND c.kind = v.kind AND c.value = v.value`);
      const facts = chunk.map(
        (lead) =>
          sql`(${lead.id}, ${lead.foundedYear}::integer, ${`{${lead.tradedCategoryIds.join(',')}}`}::integer[], ${lead.quality}::integer)`,
      );
      await tx.execute(sql`
        UPDATE leads l SET founded_year = v.founded_year, traded_category_ids = v.traded, quality = v.quality
        FROM (VALUES ${sql.join(facts, sql`, `)}) AS v(id, founded_year, traded, quality)
        WHERE l.id = v.id`);
      if (added.length) await tx.insert(leadContacts).values(added);
      const records = chunk.flatMap((lead) => lead.shipments.map((s) => ({ ...s, leadId: lead.id })));
      for (let j = 0; j < records.length; j += 2000)
        await tx.insert(leadShipments).values(records.slice(j, j + 2000));
    });
  }
  return demo.length;
}
