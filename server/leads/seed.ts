import { count } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { leadContacts, leadPeople, leadShipments, leads } from '../platform/db/schema.ts';
import { generateLeads, type GeneratedLead } from './generate.ts';

/**
 * Inserts leads with their people, contacts and shipments in batches (the demo seed, the importer
 * CLI, tests). A lead whose id is already stored is left as it is, children included, so running
 * an import twice adds nothing.
 */
export async function insertLeads(db: Db, rows: readonly GeneratedLead[], batch = 1000): Promise<number> {
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
  }
  return inserted;
}

/** On first start: the deterministic demo dataset (docs: clearly fictional, `.example` domains only). */
export async function seedLeads(db: Db, asOf = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(leads);
  if ((existing?.n ?? 0) > 0) return existing!.n;
  const rows = generateLeads({ asOf });
  await insertLeads(db, rows);
  return rows.length;
}
