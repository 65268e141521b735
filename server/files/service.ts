import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import { ErrorCode, type CompanyFile, type CompanyInfo, type SignedFileUrl } from '../../contract/api.ts';
import { MAX_FILES_PER_ACCOUNT, MAX_UPLOAD_BYTES } from '../../contract/limits.ts';
import type { UserRow } from '../platform/db/schema.ts';
import { companyFiles } from '../platform/db/schema.ts';
import { AppError } from '../platform/errors.ts';
import type { Services } from '../platform/services.ts';
import { hit } from '../platform/rateLimit.ts';
import { QUOTAS, RATES } from '../platform/limits.ts';
import { MAX_COMPANY_TEXT_CHARS, MAX_PDF_PAGES, tidyText } from './extract.ts';
import { cleanFileName, inspectUpload, type Inspected } from './inspect.ts';
import { receiveUpload } from './receive.ts';
import { CLIENT_ID, FILE_ID } from '../../contract/schemas.ts';
import { newStorageKey } from '../platform/storage.ts';
import { ExtractBusy, extractIsolated } from './worker.ts';
import { filesChanged } from '../profile/service.ts';

/** `clientId` and public file id shapes (contract/schemas.ts). */
export { CLIENT_ID, FILE_ID };
/** Uploads one user may start per window (every attempt counts, refused ones too). */
export const UPLOAD_LIMIT = RATES.uploadPerUser;
/** What all of one account's files may take together (server/platform/limits.ts). */
export const MAX_BYTES_PER_ACCOUNT = QUOTAS.fileBytesPerAccount;
/** How long a download link works. */
export const LINK_SECONDS = 10 * 60;

type FileRow = typeof companyFiles.$inferSelect;

function toCompanyFile(row: FileRow): CompanyFile {
  return {
    file_id: row.id,
    file_name: row.fileName,
    size: row.size,
    mime: row.mime,
    created_at: row.createdAt.toISOString(),
  };
}

/** Whether `error` (or its cause: drizzle wraps driver errors) is a unique violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * The text kept for a file, extracted in the worker (`worker.ts`): images have none; a file the
 * worker cannot read is refused 41500 (damaged, a zip bomb, or too large or complex to read), and
 * 42900 when too many files are being read.
 */
async function extractFor(
  services: Services,
  user: UserRow,
  inspected: Inspected,
  bytes: Uint8Array,
): Promise<string> {
  const { mime, documentEntry, sheetParts } = inspected;
  let result;
  try {
    if (mime === 'text/plain' || mime === 'application/pdf')
      result = await extractIsolated({ kind: mime, bytes }, user.id);
    else if (documentEntry)
      result = await extractIsolated({ kind: 'docx', bytes, entry: documentEntry }, user.id);
    else if (sheetParts)
      result = await extractIsolated({ kind: 'xlsx', bytes, entries: sheetParts }, user.id);
    // Images: stored, no text.
    else return '';
  } catch (error) {
    if (error instanceof ExtractBusy) throw new AppError(ErrorCode.RATE_LIMITED, 'uploadsBusy');
    throw error;
  }
  if (result.ok) return result.text;
  services.storage.log(`[files] ${mime} refused (${result.reason}): ${result.detail}`);
  if (result.reason === 'bomb') throw new AppError(ErrorCode.UNSUPPORTED_TYPE, 'docxUnsafe');
  if (result.reason === 'tooComplex')
    throw new AppError(ErrorCode.UNSUPPORTED_TYPE, 'fileTooComplex', { pages: MAX_PDF_PAGES });
  throw new AppError(ErrorCode.UNSUPPORTED_TYPE, 'fileDamaged');
}

/** 40900 when the account already holds a file of this name (any browser's). */
async function refuseTaken(db: Pick<Services['db'], 'select'>, userId: number, fileName: string) {
  const [taken] = await db
    .select({ id: companyFiles.id })
    .from(companyFiles)
    .where(and(eq(companyFiles.userId, userId), eq(companyFiles.fileName, fileName)));
  if (taken) throw new AppError(ErrorCode.CONFLICT, 'fileDuplicate');
}

const quotaFull = () =>
  new AppError(ErrorCode.CONFLICT, 'fileQuota', { mb: MAX_BYTES_PER_ACCOUNT / (1024 * 1024) });

/**
 * POST /upload_file: reads the multipart body to a temp file, checks it (name, size, sniffed type,
 * DOCX safety), extracts its text, moves the bytes to storage under a random key and records the
 * row. Nothing is left behind by a refusal: the temp file is deleted, and the stored bytes are
 * deleted again when the row cannot be written.
 */
export async function uploadFile(services: Services, user: UserRow, request: Request): Promise<CompanyFile> {
  await hit(services, { key: `upload:user:${user.id}`, ...UPLOAD_LIMIT });
  const { storage, db } = services;
  const received = await receiveUpload(request, storage.spoolDir, MAX_UPLOAD_BYTES, ['clientId']);
  try {
    const clientId = received.fields.clientId ?? '';
    if (!CLIENT_ID.test(clientId))
      throw new AppError(ErrorCode.VALIDATION, 'invalidField', { field: 'clientId' }, { field: 'clientId' });
    const fileName = cleanFileName(received.fileName);
    if (received.size === 0) throw new AppError(ErrorCode.VALIDATION, 'fileEmpty', {}, { field: 'file' });

    // Files belong to the account (issue 15): names, the count and the quota are the account's,
    // whichever browser uploaded them. Cheap answers first; the locked transaction below
    // enforces all three again under concurrency.
    const account = eq(companyFiles.userId, user.id);
    await refuseTaken(db, user.id, fileName);
    const [held] = await db.select({ n: count() }).from(companyFiles).where(account);
    if ((held?.n ?? 0) >= MAX_FILES_PER_ACCOUNT)
      throw new AppError(ErrorCode.CONFLICT, 'fileLimit', { count: MAX_FILES_PER_ACCOUNT });
    const [used] = await db
      .select({ bytes: sum(companyFiles.size) })
      .from(companyFiles)
      .where(account);
    if (Number(used?.bytes ?? 0) + received.size > MAX_BYTES_PER_ACCOUNT) throw quotaFull();

    const bytes = new Uint8Array(await readFile(received.path));
    const inspected = await inspectUpload(bytes, fileName, received.declaredMime);
    const text = await extractFor(services, user, inspected, bytes);

    const key = newStorageKey();
    await storage.put(key, { path: received.path }, inspected.mime);
    try {
      const row = await db.transaction(async (tx) => {
        // One upload per user at a time, so neither the count nor the quota can be raced past.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('company_files'), ${user.id})`);
        await refuseTaken(tx, user.id, fileName);
        const [now] = await tx.select({ n: count() }).from(companyFiles).where(account);
        if ((now?.n ?? 0) >= MAX_FILES_PER_ACCOUNT)
          throw new AppError(ErrorCode.CONFLICT, 'fileLimit', { count: MAX_FILES_PER_ACCOUNT });
        const [total] = await tx
          .select({ bytes: sum(companyFiles.size) })
          .from(companyFiles)
          .where(account);
        if (Number(total?.bytes ?? 0) + received.size > MAX_BYTES_PER_ACCOUNT) throw quotaFull();
        const [inserted] = await tx
          .insert(companyFiles)
          .values({
            id: randomBytes(16).toString('hex'),
            userId: user.id,
            clientId,
            fileName,
            size: received.size,
            mime: inspected.mime,
            storageKey: key,
            sha256: received.sha256,
            text,
            createdAt: services.clock.now(),
          })
          .returning();
        return inserted!;
      });
      // The seller profile reads the files (issue 15): what the new file says fills it in.
      if (text) await filesChanged(services, user.id);
      return toCompanyFile(row);
    } catch (error) {
      await storage
        .delete(key)
        .catch((e: unknown) => storage.log(`[files] could not delete ${key}: ${String(e)}`));
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT, 'fileDuplicate');
      throw error;
    }
  } finally {
    // Gone already when storage took it; removed here after any refusal.
    await rm(received.path, { force: true });
  }
}

/**
 * GET /get_file: the caller's files, newest first, and their joined text. Files belong to the
 * account (issue 15): `clientId` (spec §7) is still taken and echoed, but every browser of the
 * user sees the same files.
 */
export async function companyInfo(services: Services, user: UserRow, clientId: string): Promise<CompanyInfo> {
  const rows = await services.db
    .select()
    .from(companyFiles)
    .where(eq(companyFiles.userId, user.id))
    .orderBy(desc(companyFiles.createdAt), desc(companyFiles.id));
  const texts = rows.map((r) => r.text).filter(Boolean);
  return {
    client_id: clientId,
    files: rows.map(toCompanyFile),
    company_text: tidyText(texts.join('\n\n'), MAX_COMPANY_TEXT_CHARS),
  };
}

async function ownFile(services: Services, user: UserRow, fileId: string): Promise<FileRow> {
  const [row] = await services.db
    .select()
    .from(companyFiles)
    .where(and(eq(companyFiles.id, fileId), eq(companyFiles.userId, user.id)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  return row;
}

/** GET /get_s3_url: a link to download one of the caller's files, valid 10 minutes. */
export async function signedFileUrl(
  services: Services,
  user: UserRow,
  fileId: string,
): Promise<SignedFileUrl> {
  const row = await ownFile(services, user, fileId);
  // Whole seconds, as links carry them: the link dies exactly at expires_at.
  const signedAt = new Date(Math.floor(services.clock.now().getTime() / 1000) * 1000);
  const expiresAt = new Date(signedAt.getTime() + LINK_SECONDS * 1000);
  const url = await services.storage.signedUrl(
    row.storageKey,
    { id: row.id, name: row.fileName, mime: row.mime },
    expiresAt,
    signedAt,
  );
  return { url, expires_at: expiresAt.toISOString() };
}

/** POST /delete_file: removes the caller's file, row and bytes. */
export async function deleteFile(services: Services, user: UserRow, fileId: string): Promise<void> {
  const [row] = await services.db
    .delete(companyFiles)
    .where(and(eq(companyFiles.id, fileId), eq(companyFiles.userId, user.id)))
    .returning();
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  // A deleted file's facts leave the profile too (fields the user edited stay).
  if (row.text) await filesChanged(services, user.id);
  try {
    await services.storage.delete(row.storageKey);
  } catch (error) {
    // The row is gone, so the bytes can no longer be reached; log them for cleanup.
    services.storage.log(`[files] could not delete ${row.storageKey}: ${String(error)}`);
  }
}

/**
 * The row a signed local link names: 40300 when the link is forged, tampered with or expired
 * (nothing is looked up), null when the file has been deleted since.
 */
export async function fileForLink(
  services: Services,
  fileId: string,
  exp: string,
  sig: string,
): Promise<FileRow | null> {
  if (!FILE_ID.test(fileId) || !services.storage.verifyLink(fileId, exp, sig, services.clock.now()))
    throw new AppError(ErrorCode.FORBIDDEN, 'fileLinkInvalid');
  const [row] = await services.db.select().from(companyFiles).where(eq(companyFiles.id, fileId));
  return row ?? null;
}

/**
 * A signed local download link's file and bytes: 40400 unless files are stored locally or when the
 * file is gone, 40300 when the link is forged, tampered with or expired.
 */
export async function downloadForLink(
  services: Services,
  fileId: string,
  exp: string,
  sig: string,
): Promise<{ row: FileRow; body: Readable }> {
  if (services.storage.kind !== 'local') throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const row = await fileForLink(services, fileId, exp, sig);
  const body = row ? await services.storage.get(row.storageKey) : null;
  if (!row || !body) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  return { row, body };
}
