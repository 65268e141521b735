import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from './config.ts';

/** What a signed link names: the public file id and how the download is labelled. */
export interface SignedFile {
  id: string;
  name: string;
  mime: string;
}

/**
 * Where company file bytes live. Keys are server-made random ids (`newStorageKey`), never a
 * user's file name, so no key can reach outside the store.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Uploads are written here first (same filesystem as a local store, so `put` is a rename). */
  readonly spoolDir: string;
  /** Stores the bytes under `key`; a `{ path }` source is moved (the temp file is gone afterwards). */
  put(key: string, source: { path: string } | Uint8Array, mime: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the bytes under `key` (no error when they are already gone). */
  delete(key: string): Promise<void>;
  /** A link that downloads the file until `expiresAt`. */
  signedUrl(key: string, file: SignedFile, expiresAt: Date, now: Date): Promise<string>;
  /** Local links only: whether `sig` signs `fileId` until `exp` (unix seconds) and has not expired. */
  verifyLink(fileId: string, exp: string, sig: string, now: Date): boolean;
  log(line: string): void;
}

const KEY = /^[a-f0-9]{32}$/;

/** A random storage key: 128 bits, hex. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** `attachment` (inline for images) with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string, mime: string): string {
  const type = mime.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Bytes on the local disk under `<root>/<key[0..2]>/<key>`, served by signed `/api/files/…` links. */
export class LocalStorage implements Storage {
  readonly kind = 'local';
  readonly spoolDir: string;
  private readonly root: string;
  private readonly secret: Buffer;
  readonly log: (line: string) => void;

  constructor(root: string, secret: Buffer, log: (line: string) => void) {
    this.root = root;
    this.spoolDir = join(root, '.tmp');
    this.secret = secret;
    this.log = log;
  }

  private pathOf(key: string): string {
    return join(this.root, checkKey(key).slice(0, 2), key);
  }

  async put(key: string, source: { path: string } | Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    if (source instanceof Uint8Array) {
      // Write beside the target, then rename: a reader never sees half a file.
      await mkdir(this.spoolDir, { recursive: true });
      const temp = join(this.spoolDir, `${newStorageKey()}.part`);
      try {
        await writeFile(temp, source, { flag: 'wx', mode: 0o600 });
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
    } else {
      await rename(source.path, target);
    }
  }

  async get(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private sign(fileId: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`file:${fileId}:${exp}`).digest('base64url');
  }

  async signedUrl(_key: string, file: SignedFile, expiresAt: Date): Promise<string> {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    return `/api/files/${encodeURIComponent(file.id)}?exp=${exp}&sig=${this.sign(file.id, exp)}`;
  }

  verifyLink(fileId: string, exp: string, sig: string, now: Date): boolean {
    if (!/^\d{1,12}$/.test(exp)) return false;
    const seconds = Number(exp);
    const expected = Buffer.from(this.sign(fileId, seconds));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    return seconds * 1000 > now.getTime();
  }
}

/** Bytes in an S3 (or S3-compatible) bucket under `company-files/<key>`; links are presigned GETs. */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly spoolDir = join(tmpdir(), 'honeyleads-uploads');
  readonly client: S3Client;
  private readonly bucket: string;
  readonly log: (line: string) => void;

  constructor(
    options: {
      bucket: string;
      region?: string | undefined;
      endpoint?: string | undefined;
      accessKeyId?: string | undefined;
      secretAccessKey?: string | undefined;
    },
    log: (line: string) => void,
  ) {
    this.bucket = options.bucket;
    this.log = log;
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // S3-compatible stores (MinIO, R2…) do not all accept the SDK's default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    return `company-files/${checkKey(key)}`;
  }

  async put(key: string, source: { path: string } | Uint8Array, mime: string): Promise<void> {
    if (source instanceof Uint8Array) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: source,
          ContentType: mime,
        }),
      );
      return;
    }
    try {
      const { size } = await stat(source.path);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: createReadStream(source.path),
          ContentLength: size,
          ContentType: mime,
        }),
      );
    } finally {
      await rm(source.path, { force: true });
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async signedUrl(key: string, file: SignedFile, expiresAt: Date, now: Date): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentType: file.mime,
      ResponseContentDisposition: contentDisposition(file.name, file.mime),
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, command, {
      expiresIn: Math.max(1, Math.round((expiresAt.getTime() - now.getTime()) / 1000)),
      signingDate: now,
    });
  }

  verifyLink(): boolean {
    // Presigned links are checked by S3 itself; /api/files/… serves nothing in this mode.
    return false;
  }
}

/**
 * S3 when `S3_BUCKET` is set, else `<DATA_DIR>/files`. Local links are signed with `linkSecret`
 * (`FILE_URL_SECRET`, else the one kept in the database: server/platform/secrets.ts), so a link
 * made by one instance opens on every other and after a restart.
 */
export function createStorage(
  config: Config,
  linkSecret: string,
  log: (line: string) => void = (line) => console.error(line),
): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage(
      {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      },
      log,
    );
  }
  const storage = new LocalStorage(join(config.DATA_DIR, 'files'), Buffer.from(linkSecret), log);
  void sweepSpool(storage.spoolDir, SPOOL_MAX_AGE_MS, log);
  return storage;
}

/** Temp files older than this are uploads a crash interrupted; no upload runs this long. */
export const SPOOL_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Removes upload temp files (`*.part`) older than `maxAgeMs`: what a crash mid-upload left behind.
 * Younger ones may belong to an upload in flight on another instance sharing the folder.
 */
export async function sweepSpool(
  dir: string,
  maxAgeMs: number,
  log: (line: string) => void,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  try {
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.part')) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed++;
      }
    }
  } catch {
    return 0; // No spool folder yet: nothing was ever uploaded.
  }
  if (removed) log(`[files] removed ${removed} upload temp file(s) left by an interrupted upload`);
  return removed;
}
