import { hash, verify } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ErrorCode, type Language, type UserInfo } from '../../contract/api.ts';
import { forgotPasswordPath, resetPasswordPath, verifyEmailPath } from '../../contract/routes.ts';
import { AppError, describeError } from '../platform/errors.ts';
import { message, type Lang } from '../i18n.ts';
import { emailCodes, invitationCodes, users, type UserRow } from '../platform/db/schema.ts';
import type { Services } from '../platform/services.ts';
import { newCode, newToken, sameHash, sha256 } from '../platform/crypto.ts';
import { inUtc } from '../platform/time.ts';
import { grantBeans } from '../billing/ledger.ts';
import { clearBackoff, countOf, hit, hitAll, tryBackoff } from '../platform/rateLimit.ts';
import { queueMail } from '../platform/mail.ts';
import { tracked } from '../platform/work.ts';
import { LOGIN_BACKOFF, QUOTAS, RATES, limit } from '../platform/limits.ts';
import { createSession, replaceToken, revokeAllSessions, revokeSession } from './sessions.ts';
import { PLAN_GOODS } from '../billing/plans.ts';

/** How long emailed codes live, and how many wrong tries kill one (docs/api.md). */
export const VERIFY_CODE_MINUTES = 30;
export const RESET_CODE_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = QUOTAS.codeAttempts;

// argon2id with OWASP's parameters (security guide): 19 MiB, 2 passes, 1 lane.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// A hash to verify against when the email is unknown, so both paths take the same time.
const DUMMY_HASH = hash('not-a-real-password', ARGON2);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// The bundled list of the most common passwords (its header names the source), read once.
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('# ')),
);

/** Whether a password is one of the most common ones (case-insensitive). */
export function passwordCommon(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

const codeHash = (email: string, purpose: string, code: string) => sha256(`${purpose}:${email}:${code}`);

type CodeRow = typeof emailCodes.$inferSelect;

/**
 * What a sign-up's verification code carries. Verifying it with the sign-up's token (the browser
 * that chose the password) activates exactly these; without that token it activates neither.
 */
interface SignUp {
  passwordHash: string;
  invitationCode: string | null;
  /** SHA-256 of the token register answered that sign-up with. */
  tokenHash: string;
  /** Another sign-up for the address is pending: the email says so. */
  again?: boolean;
}

async function issueCode(
  services: Services,
  email: string,
  purpose: 'verify' | 'reset',
  lang: Lang,
  options: { signUp?: SignUp } = {},
): Promise<void> {
  const { db, clock, siteUrl } = services;
  const code = newCode();
  const minutes = purpose === 'verify' ? VERIFY_CODE_MINUTES : RESET_CODE_MINUTES;
  const tokenHash = options.signUp?.tokenHash ?? null;
  await db.insert(emailCodes).values({
    email,
    purpose,
    codeHash: codeHash(email, purpose, code),
    createdAt: clock.now(),
    expiresAt: inUtc(clock.now()).add(minutes, 'minute').toDate(),
    passwordHash: options.signUp?.passwordHash ?? null,
    invitationCode: options.signUp?.invitationCode ?? null,
    signupTokenHash: tokenHash,
  });
  // A new code retires the older ones of the same kind (for a sign-up: of that same sign-up, so a
  // second sign-up cannot retire the owner's code). Everything below the newest id, not below this
  // row's: when two issues race, an insert may commit after the other's retirement ran, and
  // whichever retirement runs last then sees both rows and keeps only the newest.
  const sameKind = and(
    eq(emailCodes.email, email),
    eq(emailCodes.purpose, purpose),
    sql`${emailCodes.signupTokenHash} IS NOT DISTINCT FROM ${tokenHash}`,
  );
  const newest = db
    .select({ id: sql`max(${emailCodes.id})` })
    .from(emailCodes)
    .where(sameKind);
  await db
    .update(emailCodes)
    .set({ usedAt: clock.now() })
    .where(and(sameKind, isNull(emailCodes.usedAt), lt(emailCodes.id, sql`(${newest})`)));
  const link = `${siteUrl}${(purpose === 'verify' ? verifyEmailPath : resetPasswordPath)(lang, { email, code })}`;
  const subject = message(lang, purpose === 'verify' ? 'mailVerifySubject' : 'mailResetSubject', { code });
  const warning = options.signUp?.again ? message(lang, 'mailSignedUpAgain') : '';
  const text = warning + message(lang, 'mailCodeText', { code, minutes, link });
  queueMail(services, {
    to: email,
    subject,
    text,
    kind: purpose === 'verify' ? 'verification' : 'password-reset',
  });
}

/**
 * Checks and consumes a code in constant time. Every guess counts before it is compared, in one
 * conditional UPDATE (concurrent guesses cannot pass five); a code that works retires every other
 * code of the address, so an older, intercepted one can never be used afterwards.
 */
async function consumeCode(
  services: Services,
  email: string,
  purpose: 'verify' | 'reset',
  code: string,
  /** Runs once the code matched, before it is used up: throwing leaves the code usable. */
  accept?: (row: CodeRow) => void,
): Promise<CodeRow> {
  const { db, clock } = services;
  const now = clock.now();
  const invalid = () => new AppError(ErrorCode.CODE_INVALID, 'codeInvalid');
  const tried = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, now),
        lt(emailCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning();
  const guess = codeHash(email, purpose, code);
  let match: CodeRow | undefined;
  // Compare with every live code (no early exit): the time does not say which one matched.
  for (const row of tried) if (sameHash(row.codeHash, guess)) match = row;
  if (!match) throw invalid();
  accept?.(match);
  // Single use even under concurrent submissions: only one UPDATE finds it unused.
  const used = await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.id, match.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (used.length === 0) throw invalid();
  await db
    .update(emailCodes)
    .set({ usedAt: now })
    .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt)));
  return match;
}

/**
 * Runs the part of a call that depends on whether an address has an account after the answer has
 * gone (looking it up, writing its code, queueing its email), so the answer and its timing are the
 * same for every address. Tracked: a shutdown waits for it. A failure is logged sanitized.
 */
function afterAnswer(kind: string, work: () => Promise<void>): void {
  void tracked(
    new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => console.error(`[accounts] ${kind} failed: ${describeError(error)}`)),
  );
}

const commonPasswordError = () =>
  new AppError(ErrorCode.VALIDATION, 'passwordCommon', {}, { field: 'password' });

/** The "you already have an account" notice (a verified address asked to sign up again). */
function alreadyRegistered(services: Services, email: string, language: Language): void {
  queueMail(services, {
    to: email,
    subject: message(language, 'mailAlreadyRegisteredSubject'),
    text: message(language, 'mailAlreadyRegisteredText', {
      link: `${services.siteUrl}${forgotPasswordPath(language)}`,
    }),
    kind: 'already-registered',
  });
}

/**
 * Registers an address and emails a verification code. A second sign-up for a pending address
 * never changes its password: each sign-up's password and invitation code ride on its own code,
 * bound to a fresh sign-up token that only this answer carries (its hash is stored), so that only
 * the browser that chose a password can activate it with the code (verifyEmail). Answers the same
 * for every address: a verified one gets a token that is stored nowhere.
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
): Promise<{ signup_token: string }> {
  const email = normalizeEmail(input.email);
  if (passwordCommon(input.password)) throw commonPasswordError();
  await hitAll(services, [
    limit(RATES.registerPerIp, `register:ip:${ctx.ip}`),
    limit(RATES.registerPerEmail, `register:email:${email}`),
  ]);
  const language = input.language ?? ctx.lang;
  const passwordHash = await hash(input.password, ARGON2);
  const { db } = services;
  const invitation = input.invitation_code?.trim().toUpperCase() || null;
  // Checked before the address is looked at, so a verified account answers like a new one.
  if (invitation) {
    const [free] = await db
      .select({ code: invitationCodes.code })
      .from(invitationCodes)
      .where(and(eq(invitationCodes.code, invitation), isNull(invitationCodes.usedBy)))
      .limit(1);
    if (!free)
      throw new AppError(ErrorCode.VALIDATION, 'invitationInvalid', {}, { field: 'invitation_code' });
  }
  const signup_token = newToken();
  const answer = { signup_token };
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing?.emailVerifiedAt) return (alreadyRegistered(services, email, language), answer);
  let again = Boolean(existing);
  if (!existing) {
    // Concurrent sign-ups for one address: one insert wins, the others join it as further sign-ups.
    const created = await db
      .insert(users)
      .values({ email, passwordHash, language, userName: email.split('@')[0]!.slice(0, 40) })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (created.length === 0) {
      again = true;
      const [winner] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (winner?.emailVerifiedAt) return (alreadyRegistered(services, email, language), answer);
    }
  }
  await issueCode(services, email, 'verify', language, {
    signUp: { passwordHash, invitationCode: invitation, tokenHash: sha256(signup_token), again },
  });
  return answer;
}

/**
 * Emails a new verification code (rate limited; the same answer, in the same time, for every
 * address: the lookup and the code come after the answer). With the
 * sign-up token of a pending sign-up the new code renews that sign-up (its password, invitation
 * code and token); without it the code carries no password, so verifying it asks for one.
 */
export async function reverify(
  services: Services,
  input: { email: string; signup_token?: string | undefined },
  ctx: { ip: string; lang: Lang },
): Promise<void> {
  const email = normalizeEmail(input.email);
  await hitAll(services, [
    limit(RATES.reverifyPerEmail, `reverify:email:${email}`),
    limit(RATES.reverifyPerEmailHour, `reverify:email-hour:${email}`),
    limit(RATES.reverifyPerIp, `reverify:ip:${ctx.ip}`),
  ]);
  afterAnswer('reverify', () => reissueVerification(services, email, input.signup_token));
}

/** reverify's work after the answer: a new code for a pending sign-up; nothing for any other address. */
async function reissueVerification(
  services: Services,
  email: string,
  signupToken: string | undefined,
): Promise<void> {
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.emailVerifiedAt) return;
  const lang = user.language === 'en' ? 'en' : 'zh';
  const tokenHash = signupToken ? sha256(signupToken) : null;
  const [signUp] = tokenHash
    ? await services.db
        .select()
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.email, email),
            eq(emailCodes.purpose, 'verify'),
            eq(emailCodes.signupTokenHash, tokenHash),
            isNotNull(emailCodes.passwordHash),
          ),
        )
        .orderBy(desc(emailCodes.id))
        .limit(1)
    : [];
  await issueCode(
    services,
    email,
    'verify',
    lang,
    signUp
      ? {
          signUp: {
            passwordHash: signUp.passwordHash!,
            invitationCode: signUp.invitationCode,
            tokenHash: signUp.signupTokenHash!,
          },
        }
      : {},
  );
}

/**
 * Checks the verification code, activates a password, grants the welcome beans, logs in. The
 * password activated is always one the mailbox holder chose: the sign-up's own, when the code comes
 * with the token register gave that sign-up's browser (its invitation code applies too); otherwise
 * `password` (PASSWORD_REQUIRED without one, leaving the code usable; the try still counts).
 */
export async function verifyEmail(
  services: Services,
  input: { email: string; code: string; signup_token?: string | undefined; password?: string | undefined },
  ctx: { ip: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  // Refused before the code is looked at: the user can choose another password with the same code.
  if (input.password !== undefined && passwordCommon(input.password)) throw commonPasswordError();
  await hitAll(services, [
    limit(RATES.verifyPerEmail, `verify:email:${email}`),
    limit(RATES.verifyPerIp, `verify:ip:${ctx.ip}`),
  ]);
  const invalid = () => new AppError(ErrorCode.CODE_INVALID, 'codeInvalid');
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.emailVerifiedAt) throw invalid();
  const tokenHash = input.signup_token ? sha256(input.signup_token) : null;
  const ownSignUp = (row: CodeRow) =>
    tokenHash !== null &&
    row.signupTokenHash !== null &&
    row.passwordHash !== null &&
    sameHash(row.signupTokenHash, tokenHash);
  const signUp = await consumeCode(services, email, 'verify', input.code.trim(), (row) => {
    if (!ownSignUp(row) && input.password === undefined)
      throw new AppError(ErrorCode.PASSWORD_REQUIRED, 'passwordRequired');
  });
  const own = ownSignUp(signUp);
  const passwordHash =
    input.password === undefined ? signUp.passwordHash! : await hash(input.password, ARGON2);
  await services.db.transaction(async (tx) => {
    const now = services.clock.now();
    // Only the first verification activates (a concurrent one for another sign-up finds it done).
    const activated = await tx
      .update(users)
      .set({ emailVerifiedAt: now, passwordHash })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (activated.length === 0) throw invalid();
    if (own && signUp.invitationCode) {
      // Consumed once, at verification: a sign-up that is never verified holds no code.
      const consumed = await tx
        .update(invitationCodes)
        .set({ usedBy: user.id, usedAt: now })
        .where(and(eq(invitationCodes.code, signUp.invitationCode), isNull(invitationCodes.usedBy)))
        .returning({ code: invitationCodes.code });
      if (consumed.length > 0)
        await tx.update(users).set({ invitationCode: signUp.invitationCode }).where(eq(users.id, user.id));
    }
    if (services.signupBonus > 0) {
      await grantBeans(
        tx,
        user.id,
        services.signupBonus,
        'signup_bonus',
        { note: 'welcome' },
        'signup-bonus',
      );
    }
  });
  return createSession(services, user.id);
}

/** Failed logins one IP may make on one account before each further try waits, doubling (docs/api.md). */
export const LOGIN_FREE_FAILURES = LOGIN_BACKOFF.freeFailures;
/** Failures on one account (from every IP) in an hour after which each IP gets one free failure. */
export const LOGIN_ACCOUNT_FAILURES = LOGIN_BACKOFF.accountFailures;

/**
 * Logs in; wrong email and wrong password answer alike, in the same time. Failures are throttled
 * per IP and per account and IP (with backoff), never the owner's correct password from elsewhere.
 */
export async function login(
  services: Services,
  input: { email: string; password: string; device_id?: string | undefined },
  ctx: { ip: string },
): Promise<string> {
  const email = normalizeEmail(input.email);
  await hitAll(services, [limit(RATES.loginPerIp, `login:ip:${ctx.ip}`)]);
  const accountKey = `login:fail:${email}`;
  const pairKey = `login:fail:${email}:${ctx.ip}`;
  const underAttack =
    (await countOf(services, accountKey, LOGIN_BACKOFF.accountWindowSeconds)) >= LOGIN_ACCOUNT_FAILURES;
  await tryBackoff(services, {
    key: pairKey,
    free: underAttack ? 1 : LOGIN_FREE_FAILURES,
    baseSeconds: LOGIN_BACKOFF.baseSeconds,
    maxSeconds: LOGIN_BACKOFF.maxSeconds,
    resetSeconds: LOGIN_BACKOFF.resetSeconds,
  });
  const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
  const valid = await verify(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !valid) {
    // Counted, never refused: the count only tells when the account is under attack.
    await hit(services, {
      key: accountKey,
      max: Number.MAX_SAFE_INTEGER,
      windowSeconds: LOGIN_BACKOFF.accountWindowSeconds,
    });
    throw new AppError(ErrorCode.BAD_CREDENTIALS, 'badCredentials');
  }
  await clearBackoff(services, pairKey);
  if (!user.emailVerifiedAt) throw new AppError(ErrorCode.EMAIL_NOT_VERIFIED, 'emailNotVerified');
  return createSession(services, user.id, input.device_id);
}

/**
 * Emails a reset code when the account exists. Answers the same either way, in the same time: only
 * the rate limits are counted before the answer; the lookup, the code and the email come after it.
 */
export async function requestReset(
  services: Services,
  rawEmail: string,
  ctx: { ip: string; lang: Lang },
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await hitAll(services, [
    limit(RATES.resetPerEmail, `reset:email:${email}`),
    limit(RATES.resetPerIp, `reset:ip:${ctx.ip}`),
  ]);
  afterAnswer('reset', async () => {
    const [user] = await services.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (user) await issueCode(services, email, 'reset', user.language === 'en' ? 'en' : ctx.lang);
  });
}

/** Sets a new password with the emailed code and revokes every session. */
export async function resetPassword(
  services: Services,
  input: { email: string; code: string; password: string },
  ctx: { ip: string },
): Promise<void> {
  const email = normalizeEmail(input.email);
  // Refused before the code is consumed: the user can try another password with the same code.
  if (passwordCommon(input.password)) throw commonPasswordError();
  await hitAll(services, [
    limit(RATES.resetConfirmPerEmail, `reset-confirm:email:${email}`),
    limit(RATES.resetConfirmPerIp, `reset-confirm:ip:${ctx.ip}`),
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

/**
 * Changes the password of a signed-in user who knows the current one (spec §5's rules and the
 * common-password list apply to the new one). Wrong current passwords back off as failed logins
 * do, per account. On success every other session of the user is revoked, this session gets a new
 * token (returned; the old one stops at once) and the account address is told by email.
 */
export async function changePassword(
  services: Services,
  user: UserRow,
  sessionId: number,
  input: { old_password: string; password: string },
): Promise<string> {
  if (passwordCommon(input.password)) throw commonPasswordError();
  if (input.password === input.old_password)
    throw new AppError(ErrorCode.VALIDATION, 'passwordUnchanged', {}, { field: 'password' });
  await hitAll(services, [limit(RATES.changePasswordPerUser, `password-change:user:${user.id}`)]);
  const failures = `password-change:fail:${user.id}`;
  await tryBackoff(services, {
    key: failures,
    free: LOGIN_FREE_FAILURES,
    baseSeconds: LOGIN_BACKOFF.baseSeconds,
    maxSeconds: LOGIN_BACKOFF.maxSeconds,
    resetSeconds: LOGIN_BACKOFF.resetSeconds,
  });
  const { db, clock } = services;
  const [current] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!current || !(await verify(current.passwordHash, input.old_password)))
    throw new AppError(ErrorCode.BAD_CREDENTIALS, 'currentPasswordWrong', {}, { field: 'old_password' });
  await clearBackoff(services, failures);
  const passwordHash = await hash(input.password, ARGON2);
  const token = await db.transaction(async (tx) => {
    const now = clock.now();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now, sessionId);
    return replaceToken(tx, sessionId, now);
  });
  const lang = user.language === 'en' ? 'en' : 'zh';
  queueMail(services, {
    to: user.email,
    subject: message(lang, 'mailPasswordChangedSubject'),
    text: message(lang, 'mailPasswordChangedText', {
      email: user.email,
      link: `${services.siteUrl}${forgotPasswordPath(lang)}`,
    }),
    kind: 'password-changed',
  });
  return token;
}

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

/** Signs one session out (the others stay signed in). */
export async function logout(services: Services, sessionId: number): Promise<void> {
  await revokeSession(services.db, sessionId, services.clock.now());
}

/** Saves the language emails and answers use for this user from now on. */
export async function setLanguage(services: Services, userId: number, language: Language): Promise<void> {
  await services.db.update(users).set({ language }).where(eq(users.id, userId));
}
