import { count } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { leadContacts, leads } from '../platform/db/schema.ts';
import { generateLeads, type GeneratedLead } from './generate.ts';

/** Inserts leads and their contacts in batches (the demo seed and the importer CLI). */
export async function insertLeads(db: Db, rows: GeneratedLead[], batch = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    await db.transaction(async (tx) => {
      await tx
        .insert(leads)
        .values(chunk.map(({ contacts: _contacts, ...lead }) => lead))
        .onConflictDoNothing();
      const contacts = chunk.flatMap((lead) =>
        lead.contacts.map((contact) => ({ ...contact, leadId: lead.id })),
      );
      for (let j = 0; j < contacts.length; j += 4000)
        await tx.insert(leadContacts).values(contacts.slice(j, j + 4000));
    });
  }
}

/** On first start: the deterministic demo dataset (docs: clearly fictional, `.example` domains only). */
export async function seedLeads(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(leads);
  if ((existing?.n ?? 0) > 0) return existing!.n;
  const rows = generateLeads();
  await insertLeads(db, rows);
  return rows.length;
}
