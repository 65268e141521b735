import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { ErrorCode } from '../../contract/api.ts';
import { AppError } from '../platform/errors.ts';
import { contentDisposition } from '../platform/storage.ts';
import {
  CLIENT_ID,
  companyInfo,
  deleteFile,
  FILE_ID,
  fileForLink,
  signedFileUrl,
  uploadFile,
} from '../files/service.ts';
import { ok, requireUser, valid, type ApiEnv } from './context.ts';

const fileId = z.string().regex(FILE_ID);

/**
 * Company files (docs/api.md "Company files"): upload, list with extracted text, download links,
 * delete; and the public route that serves a signed local download link.
 */
export const filesApi = new Hono<ApiEnv>()
  // The JSON body limit skips this route (server/api/index.ts); receiveUpload caps it instead.
  .post('/upload_file', requireUser, async (c) =>
    ok(c, await uploadFile(c.get('services'), c.get('user'), c.req.raw)),
  )
  .get(
    '/get_file',
    requireUser,
    valid('query', z.strictObject({ clientId: z.string().regex(CLIENT_ID) })),
    async (c) => ok(c, await companyInfo(c.get('services'), c.get('user'), c.req.valid('query').clientId)),
  )
  .get('/get_s3_url', requireUser, valid('query', z.strictObject({ file_id: fileId })), async (c) =>
    ok(c, await signedFileUrl(c.get('services'), c.get('user'), c.req.valid('query').file_id)),
  )
  .post('/delete_file', requireUser, valid('json', z.strictObject({ file_id: fileId })), async (c) => {
    await deleteFile(c.get('services'), c.get('user'), c.req.valid('json').file_id);
    return ok(c, null);
  })
  /** A signed local download link (no token: the signature is the permission). */
  .get('/files/:id', async (c) => {
    const services = c.get('services');
    if (services.storage.kind !== 'local') throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    const row = await fileForLink(
      services,
      c.req.param('id'),
      c.req.query('exp') ?? '',
      c.req.query('sig') ?? '',
    );
    const body = row ? await services.storage.get(row.storageKey) : null;
    if (!row || !body) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
    c.header('Content-Type', row.mime);
    c.header('Content-Length', String(row.size));
    c.header('Content-Disposition', contentDisposition(row.fileName, row.mime));
    c.header('X-Content-Type-Options', 'nosniff');
    // A user's company file: never kept in a shared or browser cache (issue 11, finding 16).
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return c.body(Readable.toWeb(body) as ReadableStream);
  });
