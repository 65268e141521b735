import { desc, eq } from 'drizzle-orm';
import type { InvitationCode } from '../../contract/api.ts';
import { invitationCodes, users } from '../platform/db/schema.ts';
import type { Services } from '../platform/services.ts';
import { randomCode } from '../platform/crypto.ts';
import { alias } from 'drizzle-orm/pg-core';

/** Generates `quantity` codes `<PREFIX><6 random>` for an agent (the route checks the role). */
export async function generateInvitations(
  services: Services,
  agentId: number,
  prefix: string,
  quantity: number,
): Promise<InvitationCode[]> {
  const created: InvitationCode[] = [];
  while (created.length < quantity) {
    const code = `${prefix.toUpperCase()}${randomCode(6)}`;
    const [row] = await services.db
      .insert(invitationCodes)
      .values({ code, agentId, createdAt: services.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (row)
      created.push({
        code: row.code,
        state: 'unused',
        used_by: null,
        created_at: row.createdAt.toISOString(),
        used_at: null,
      });
  }
  return created;
}

/** An agent's codes with their state, newest first. */
export async function listInvitations(services: Services, agentId: number): Promise<InvitationCode[]> {
  const invitee = alias(users, 'invitee');
  const rows = await services.db
    .select({ code: invitationCodes, usedBy: invitee.email })
    .from(invitationCodes)
    .leftJoin(invitee, eq(invitee.id, invitationCodes.usedBy))
    .where(eq(invitationCodes.agentId, agentId))
    .orderBy(desc(invitationCodes.createdAt), desc(invitationCodes.code));
  return rows.map(({ code, usedBy }) => ({
    code: code.code,
    state: code.usedBy ? 'used' : 'unused',
    used_by: usedBy,
    created_at: code.createdAt.toISOString(),
    used_at: code.usedAt?.toISOString() ?? null,
  }));
}
