import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { MAX_FILE_NAME_CHARS } from './inspect.ts';

/** Room for the multipart boundaries, part headers and the small fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** An upload spooled to disk: the caller owns `path` (move it or delete it). */
export interface Received {
  path: string;
  size: number;
  sha256: string;
  /** As the client sent it (not yet cleaned). */
  fileName: string;
  declaredMime: string;
  fields: Record<string, string>;
}

const tooLarge = (maxBytes: number) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'fileTooLarge', { mb: Math.round(maxBytes / (1024 * 1024)) });
const fileField = (key: 'fileMissing' | 'fileTooMany') =>
  new AppError(ErrorCode.VALIDATION, key, {}, { field: 'file' });
const unknownField = (field: string) =>
  new AppError(ErrorCode.VALIDATION, 'invalidField', { field }, { field });

/**
 * Browsers write `"`, CR and LF in a multipart file name as `%22`, `%0D` and `%0A` (HTML's form
 * encoding); undo that so a name with quotes keeps them (CR and LF are dropped later anyway).
 */
function formFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0[ad]/gi, '');
}

/**
 * Reads a `multipart/form-data` upload with exactly one file part named `file` (and the string
 * fields in `allowedFields`), writing the file to a new temp file in `spoolDir` while counting and
 * hashing it. Refuses a declared Content-Length over the cap before reading anything, and stops
 * reading as soon as the file or the whole body passes it. On any refusal the temp file is gone.
 */
export async function receiveUpload(
  request: Request,
  spoolDir: string,
  maxBytes: number,
  allowedFields: readonly string[],
): Promise<Received> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw fileField('fileMissing');
  const declaredLength = Number(request.headers.get('content-length') ?? NaN);
  const maxBody = maxBytes + MULTIPART_OVERHEAD_BYTES;
  if (declaredLength > maxBody) throw tooLarge(maxBytes);
  if (!request.body) throw fileField('fileMissing');

  await mkdir(spoolDir, { recursive: true });
  const path = join(spoolDir, `${randomBytes(16).toString('hex')}.part`);
  let failure: Error | undefined;
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  stopped.catch(() => {});
  let bodyBytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bodyBytes += chunk.length;
      if (bodyBytes > maxBody) {
        failure ??= tooLarge(maxBytes);
        stop(failure);
        callback(failure);
      } else callback(null, chunk);
    },
  });
  /** Records the first refusal and stops reading the body. */
  const fail = (error: Error) => {
    failure ??= error;
    // Answer at once: the pipeline below may wait on the client's side of the body to close.
    stop(failure);
    limiter.destroy(failure);
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Keep what the client sent: a name with a path in it is refused, not silently cut.
      preservePath: true,
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        fileSize: maxBytes + 1,
        // One unknown field more is let through so the refusal can name it.
        fields: allowedFields.length + 1,
        fieldSize: 1024,
        // busboy signals `partsLimit` on reaching it: one more than the file and the fields above.
        parts: allowedFields.length + 3,
        headerPairs: 20,
      },
    });
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, 'badRequest');
  }

  const fields: Record<string, string> = {};
  let written: Promise<Omit<Received, 'path' | 'fields'>> | undefined;
  parser.on('field', (name, value, info) => {
    if (!allowedFields.includes(name) || name in fields || info.valueTruncated) fail(unknownField(name));
    else fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    if (name !== 'file') {
      stream.resume();
      fail(unknownField(name));
      return;
    }
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          callback(tooLarge(maxBytes));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const done = pipeline(stream, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 })).then(
      () => ({
        size,
        sha256: hash.digest('hex'),
        fileName: formFileName(info.filename ?? ''),
        declaredMime: info.mimeType,
      }),
      (error: Error) => {
        fail(error);
        throw error;
      },
    );
    done.catch(() => {});
    written = done;
  });
  parser.on('error', (error: Error) => fail(error));
  parser.on('filesLimit', () => fail(fileField('fileTooMany')));
  parser.on('fieldsLimit', () => fail(new AppError(ErrorCode.BAD_REQUEST, 'badRequest')));
  parser.on('partsLimit', () => fail(new AppError(ErrorCode.BAD_REQUEST, 'badRequest')));

  try {
    await Promise.race([
      pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), limiter, parser),
      stopped,
    ]);
    const file = await written;
    if (failure) throw failure;
    if (!file) throw fileField('fileMissing');
    return { path, fields, ...file };
  } catch (error) {
    // Let the file stream close first, so no write lands after the delete.
    await written?.catch(() => {});
    await rm(path, { force: true });
    if (failure instanceof AppError) throw failure;
    if (error instanceof AppError) throw error;
    // busboy refuses a part header with control characters: in practice, in the file name.
    if (error instanceof Error && error.message === 'Malformed part header')
      throw new AppError(
        ErrorCode.VALIDATION,
        'fileNameInvalid',
        { max: MAX_FILE_NAME_CHARS },
        { field: 'file' },
      );
    // Malformed multipart, or the client went away.
    throw new AppError(ErrorCode.BAD_REQUEST, 'badRequest');
  }
}
