/**
 * The zod schemas of the /api's fields, built from the shared rules (contract/rules.ts) so the
 * server refuses exactly what the browser's forms refuse. Full zod: server and Node scripts only;
 * the browser imports the rules themselves (ESLint keeps `src/` from importing this module).
 */
import { z } from 'zod';
import {
  CHAT_ID_MAX_LENGTH,
  EMAIL_CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  INVITATION_MAX_QUANTITY,
  INVITATION_MIN_QUANTITY,
  INVITATION_PREFIX_PATTERN,
  LANGUAGES,
  LEAD_ID_PATTERN,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  REDEEM_CODE_MAX_LENGTH,
  isPassword,
} from './rules.ts';

/** Spec §5: a valid address, trimmed. */
export const email = z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN);
/** Spec §5's password shape (sign-up, reset); the service also refuses common passwords. */
export const password = z.string().max(64).refine(isPassword);
/** The emailed sign-up or reset code, trimmed. */
export const emailCode = z.string().trim().regex(EMAIL_CODE_PATTERN);
/** Spec §5: the redeem code cannot be empty. */
export const redeemCode = z.string().trim().min(1).max(REDEEM_CODE_MAX_LENGTH);
/** Spec §5: the invitation prefix and how many codes to make. */
export const invitationPrefix = z.string().trim().regex(INVITATION_PREFIX_PATTERN);
export const invitationQuantity = z.coerce
  .number()
  .int()
  .min(INVITATION_MIN_QUANTITY)
  .max(INVITATION_MAX_QUANTITY);
export const leadId = z.string().regex(LEAD_ID_PATTERN);
export const language = z.enum(LANGUAGES);
export const chatId = z.string().max(CHAT_ID_MAX_LENGTH);

/** A paged list's query: `page` from 1, `page_size` up to `maxPageSize` (default 100). */
export function paging(maxPageSize = PAGE_SIZE_MAX) {
  return {
    page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
    page_size: z.coerce.number().int().min(1).max(maxPageSize).default(PAGE_SIZE_DEFAULT),
  };
}
