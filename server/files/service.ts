import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ErrorCode, type CompanyFile, type CompanyInfo, type SignedFileUrl } from '../../contract/api.ts';
import { MAX_FILES_PER_CLIENT, MAX_UPLOAD_BYTES } from '../../contract/limits.ts';
import type { UserRow } from '../api/context.ts';
import { companyFiles } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services/context.ts';
import { hit } from '../services/rateLimit.ts';
import { docxText, decodeText, extractPdfText, MAX_COMPANY_TEXT_CHARS, tidyText } from './extract.ts';
import { cleanFileName, inspectUpload, type Inspected } from './inspect.ts';
import { receiveUpload } from './receive.ts';
import { newStorageKey } from './storage.ts';

/** `clientId`: which of the user's clients (companies) the files describe. */
export const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Public file ids: 128 random bits, hex. */
export const FILE_ID = /^[a-f0-9]{32}$/;
/** Uploads one user may start per window (every attempt counts, refused ones too). */
export const UPLOAD_LIMIT = { max: 30, windowSeconds: 10 * 60 };
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

/** The text kept for a file; a valid PDF that pdf.js cannot read refuses the upload (41500). */
async function extractFor(services: Services, inspected: Inspected, bytes: Uint8Array): Promise<string> {
  switch (inspected.mime) {
    case 'text/plain':
      return tidyText(decodeText(bytes) ?? '');
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return tidyText(docxText(new TextDecoder('utf-8').decode(inspected.documentXml)));
    case 'application/pdf':
      try {
        return tidyText(await extractPdfText(bytes));
      } catch (error) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        services.storage.log(`[files] unreadable PDF refused: ${message}`);
        throw new AppError(ErrorCode.UNSUPPORTED_TYPE, 'fileDamaged');
      }
    default:
      // Images: stored, no text.
      return '';
  }
}

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

    // Cheap answers first; the insert below enforces both again under concurrency.
    const own = and(eq(companyFiles.userId, user.id), eq(companyFiles.clientId, clientId));
    const [taken] = await db
      .select({ id: companyFiles.id })
      .from(companyFiles)
      .where(and(own, eq(companyFiles.fileName, fileName)));
    if (taken) throw new AppError(ErrorCode.CONFLICT, 'fileDuplicate');
    const [held] = await db.select({ n: count() }).from(companyFiles).where(own);
    if ((held?.n ?? 0) >= MAX_FILES_PER_CLIENT)
      throw new AppError(ErrorCode.CONFLICT, 'fileLimit', { count: MAX_FILES_PER_CLIENT });

    const bytes = new Uint8Array(await readFile(received.path));
    const inspected = await inspectUpload(bytes, fileName, received.declaredMime);
    const text = await extractFor(services, inspected, bytes);

    const key = newStorageKey();
    await storage.put(key, { path: received.path }, inspected.mime);
    try {
      const row = await db.transaction(async (tx) => {
        // One upload per user and client at a time, so the count below cannot be raced past.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${user.id}, hashtext(${clientId}))`);
        const [now] = await tx.select({ n: count() }).from(companyFiles).where(own);
        if ((now?.n ?? 0) >= MAX_FILES_PER_CLIENT)
          throw new AppError(ErrorCode.CONFLICT, 'fileLimit', { count: MAX_FILES_PER_CLIENT });
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

/** GET /get_file: the caller's files for `clientId`, newest first, and their joined text. */
export async function companyInfo(services: Services, user: UserRow, clientId: string): Promise<CompanyInfo> {
  const rows = await services.db
    .select()
    .from(companyFiles)
    .where(and(eq(companyFiles.userId, user.id), eq(companyFiles.clientId, clientId)))
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
