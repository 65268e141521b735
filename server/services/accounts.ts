import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type Language, type UserInfo } from '../../contract/api.ts';
import { AppError } from '../errors.ts';
import type { Lang } from '../i18n.ts';
import { emailCodes, invitationCodes, users } from '../db/schema.ts';
import type { Services } from './context.ts';
import { newCode, sameHash, sha256 } from './crypto.ts';
import { grantBeans } from './ledger.ts';
import { hitAll } from './rateLimit.ts';
import { createSession, revokeAllSessions } from './sessions.ts';
import { PLAN_GOODS } from './plans.ts';

/** How long emailed codes live, and how many wrong tries kill one (docs/api.md). */
export const VERIFY_CODE_MINUTES = 30;
export const RESET_CODE_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;

// argon2id with OWASP's parameters (security guide): 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// A hash to verify against when the email is unknown, so both paths take the same time.
const DUMMY_HASH = hash('not-a-real-password', ARGON2);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The code of spec §5 rules for a password (checked again here: clients can be bypassed). */
export function passwordAcceptable(password: string): boolean {
  if (password.length < 8 || password.length > 14) return false;
  if (
    /\s/.test(password) ||
    /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(password)
  )
    return false;
  const kinds = [/[a-z]/i, /\d/, /[^a-z\d]/i].filter((re) => re.test(password)).length;
  return kinds >= 2;
}

const codeHash = (email: string, purpose: string, code: string) => sha256(`${purpose}:${email}:${code}`);

async function issueCode(
  services: Services,
  email: string,
  purpose: 'verify' | 'reset',
  lang: Lang,
): Promise<void> {
  const { db, clock, mailer, siteUrl } = services;
  const code = newCode();
  const minutes = purpose === 'verify' ? VERIFY_CODE_MINUTES : RESET_CODE_MINUTES;
  // A new code replaces the old ones: only the latest works.
  await db
    .update(emailCodes)
    .set({ usedAt: clock.now() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  await db.insert(emailCodes).values({
    email,
    purpose,
    codeHash: codeHash(email, purpose, code),
    createdAt: clock.now(),
    expiresAt: new Date(clock.now().getTime() + minutes * 60_000),
  });
  const prefix = lang === 'en' ? '/en' : '';
  const page = purpose === 'verify' ? '/pages/signup/verify-email' : '/pages/reset-password/reset-password';
  const link = `${siteUrl}${prefix}${page}?email=${encodeURIComponent(email)}&code=${code}`;
  const subject =
    purpose === 'verify'
      ? lang === 'en'
        ? `Your HoneyLeads verification code: ${code}`
        : `蜜探验证码：${code}`
      : lang === 'en'
        ? `Your HoneyLeads password reset code: ${code}`
        : `蜜探重置密码验证码：${code}`;
  const text =
    lang === 'en'
      ? `Your code is ${code}. It expires in ${minutes} minutes and works once.\n\nOr open: ${link}\n\nIf you did not ask for this, ignore this email.`
      : `你的验证码是 ${code}，${minutes} 分钟内有效，只能使用一次。\n\n也可以直接打开：${link}\n\n如果这不是你本人的操作，请忽略本邮件。`;
  await mailer.send({
    to: email,
    subject,
    text,
    kind: purpose === 'verify' ? 'verification' : 'password-reset',
  });
}

/** Checks and consumes a code in constant time; wrong tries count, five kill it. */
async function consumeCode(
  services: Services,
  email: string,
  purpose: 'verify' | 'reset',
  code: string,
): Promise<void> {
  const { db, clock } = services;
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  const invalid = () => new AppError(ErrorCode.CODE_INVALID, 'codeInvalid');
  if (!row || row.expiresAt <= clock.now() || row.attempts >= MAX_CODE_ATTEMPTS) throw invalid();
  if (!sameHash(row.codeHash, codeHash(email, purpose, code))) {
    await db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id));
    throw invalid();
  }
  // Single use even under concurrent submissions: only one UPDATE finds it unused.
  const used = await db
    .update(emailCodes)
    .set({ usedAt: clock.now() })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) throw invalid();
}

/**
 * Registers (or re-registers an unverified) account and emails a verification code. Answers the
 * same for an address that already has a verified account (no user enumeration).
 */
export async function register(
  services: Services,
  input: {
    email: string;
    password: string;
    invitation_code?: string | undefined;
    language?: Language | undefined;
  },
  ctx: { ip: string; lang: Lang },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await hitAll(services, [
    { key: `register:ip:${ctx.ip}`, max: 10, windowSeconds: 3600 },
    { key: `register:email:${email}`, max: 5, windowSeconds: 3600 },
  ]);
  const language = input.language ?? ctx.lang;
  const passwordHash = await hash(input.password, ARGON2);
  const { db } = services;
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing?.emailVerifiedAt) {
    await services.mailer.send({
      to: email,
      subject: language === 'en' ? 'You already have a HoneyLeads account' : '你已经注册过蜜探',
      text:
        language === 'en'
          ? `Someone tried to sign up with this address. If it was you, log in or reset your password at ${services.siteUrl}/en/pages/forgot-password/forgot-password`
          : `有人尝试用此邮箱注册。如果是你本人，请直接登录，或在 ${services.siteUrl}/pages/forgot-password/forgot-password 重置密码。`,
      kind: 'already-registered',
    });
    return;
  }
  const invitation = input.invitation_code?.trim().toUpperCase();
  await db.transaction(async (tx) => {
    let userId = existing?.id;
    if (existing) {
      await tx.update(users).set({ passwordHash, language }).where(eq(users.id, existing.id));
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email, passwordHash, language, userName: email.split('@')[0]!.slice(0, 40) })
        .returning({ id: users.id });
      userId = created!.id;
    }
    if (invitation && invitation !== existing?.invitationCode) {
      // Consumed once: only one registration finds it unused.
      const consumed = await tx
        .update(invitationCodes)
        .set({ usedBy: userId!, usedAt: services.clock.now() })
        .where(and(eq(invitationCodes.code, invitation), isNull(invitationCodes.usedBy)))
        .returning({ code: invitationCodes.code });
      if (consumed.length === 0) {
        throw new AppError(ErrorCode.VALIDATION, 'invitationInvalid', {}, { field: 'invitation_code' });
      }
      await tx.update(users).set({ invitationCode: invitation }).where(eq(users.id, userId!));
    }
  });
  await issueCode(services, email, 'verify', language);
}

/** Emails a new verification code (rate limited; same answer for unknown addresses). */
export async function reverify(
  services: Services,
  rawEmail: string,
  ctx: { ip: string; lang: Lang },
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await hitAll(services, [
    { key: `reverify:email:${email}`, max: 1, windowSeconds: 60 },
    { key: `reverify:email-hour:${email}`, max: 5, windowSeconds: 3600 },
    { key: `reverify:ip:${ctx.ip}`, max: 20, windowSeconds: 3600 },
  ]);
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerifiedAt)
    await issueCode(services, email, 'verify', user.language === 'en' ? 'en' : 'zh');
}

/** Checks the verification code, marks the email verified, grants the welcome beans, logs in. */
export async function verifyEmail(
  services: Services,
  input: { email: string; code: string },
  ctx: { ip: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  await hitAll(services, [
    { key: `verify:email:${email}`, max: 10, windowSeconds: 600 },
    { key: `verify:ip:${ctx.ip}`, max: 30, windowSeconds: 600 },
  ]);
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError(ErrorCode.CODE_INVALID, 'codeInvalid');
  await consumeCode(services, email, 'verify', input.code.trim());
  await services.db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerifiedAt: services.clock.now() }).where(eq(users.id, user.id));
    if (services.signupBonus > 0) {
      await grantBeans(tx, user.id, services.signupBonus, 'signup_bonus', 'welcome', 'signup-bonus');
    }
  });
  return createSession(services, user.id);
}

/** Logs in; wrong email and wrong password answer alike, in the same time. */
export async function login(
  services: Services,
  input: { email: string; password: string; device_id?: string | undefined },
  ctx: { ip: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  await hitAll(services, [
    { key: `login:ip:${ctx.ip}`, max: 30, windowSeconds: 600 },
    { key: `login:email:${email}`, max: 10, windowSeconds: 600 },
  ]);
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verify(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !valid) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'badCredentials');
  if (!user.emailVerifiedAt) throw new AppError(ErrorCode.EMAIL_NOT_VERIFIED, 'emailNotVerified');
  return createSession(services, user.id, input.device_id);
}

/** Emails a reset code when the account exists; answers the same either way. */
export async function requestReset(
  services: Services,
  rawEmail: string,
  ctx: { ip: string; lang: Lang },
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await hitAll(services, [
    { key: `reset:email:${email}`, max: 5, windowSeconds: 3600 },
    { key: `reset:ip:${ctx.ip}`, max: 20, windowSeconds: 3600 },
  ]);
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user) await issueCode(services, email, 'reset', user.language === 'en' ? 'en' : ctx.lang);
}

/** Sets a new password with the emailed code and revokes every session. */
export async function resetPassword(
  services: Services,
  input: { email: string; code: string; password: string },
  ctx: { ip: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await hitAll(services, [
    { key: `reset-confirm:email:${email}`, max: 10, windowSeconds: 600 },
    { key: `reset-confirm:ip:${ctx.ip}`, max: 30, windowSeconds: 600 },
  ]);
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new AppError(ErrorCode.CODE_INVALID, 'codeInvalid');
  await consumeCode(services, email, 'reset', input.code.trim());
  const passwordHash = await hash(input.password, ARGON2);
  await services.db.transaction(async (tx) => {
    // Reaching the inbox proves the address, so a reset also verifies it.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? services.clock.now() })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, services.clock.now());
  });
}

type UserRow = typeof users.$inferSelect;

/** The spec §3 user info of a row; a plan past its expiry reads as no plan. */
export function userInfo(user: UserRow, now: Date): UserInfo {
  const expired = !user.serviceExpirationTime || user.serviceExpirationTime <= now;
  const status = expired ? 0 : user.subscriptionStatus;
  const goods = status && user.planGoodsId ? PLAN_GOODS[user.planGoodsId] : undefined;
  return {
    user_id: user.id,
    user_name: user.userName,
    email: user.email,
    language: user.language === 'en' ? 'en' : 'zh',
    is_agent: user.isAgent === 1 ? 1 : 0,
    subscription_status: status,
    service_expiration_time: status ? user.serviceExpirationTime!.toISOString() : null,
    pay_cycle: status ? user.payCycle : 0,
    subscription_info: goods
      ? { goods_id: goods.id, goods_name: goods.name.en, goods_price: Math.round(goods.priceUsd * 100) }
      : null,
    point: user.point,
    bp_used: user.bpUsed,
  };
}
