import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { contentDisposition } from '../platform/storage.ts';
import { companyInfo, deleteFile, downloadForLink, signedFileUrl, uploadFile } from '../files/service.ts';
import { companyFilesQuery, fileRef } from '../../contract/schemas.ts';
import { ok, requireUser, valid, type ApiEnv } from './context.ts';

/**
 * Company files (docs/api.md "Company files"): upload, list with extracted text, download links,
 * delete; and the public route that serves a signed local download link.
 */
export const filesApi = new Hono<ApiEnv>()
  // The JSON body limit skips this route (server/api/index.ts); receiveUpload caps it instead.
  .post('/upload_file', requireUser, async (c) =>
    ok(c, await uploadFile(c.get('services'), c.get('user'), c.req.raw)),
  )
  .get('/get_file', requireUser, valid('query', companyFilesQuery), async (c) =>
    ok(c, await companyInfo(c.get('services'), c.get('user'), c.req.valid('query').clientId)),
  )
  .get('/get_s3_url', requireUser, valid('query', fileRef), async (c) =>
    ok(c, await signedFileUrl(c.get('services'), c.get('user'), c.req.valid('query').file_id)),
  )
  .post('/delete_file', requireUser, valid('json', fileRef), async (c) => {
    await deleteFile(c.get('services'), c.get('user'), c.req.valid('json').file_id);
    return ok(c, null);
  })
  /** A signed local download link (no token: the signature is the permission). */
  .get('/files/:id', async (c) => {
    const { row, body } = await downloadForLink(
      c.get('services'),
      c.req.param('id'),
      c.req.query('exp') ?? '',
      c.req.query('sig') ?? '',
    );
    c.header('Content-Type', row.mime);
    c.header('Content-Length', String(row.size));
    c.header('Content-Disposition', contentDisposition(row.fileName, row.mime));
    c.header('X-Content-Type-Options', 'nosniff');
    // A user's company file: never kept in a shared or browser cache (issue 11, finding 16).
    c.header('Cache-Control', 'private, no-store');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    return c.body(Readable.toWeb(body) as ReadableStream);
  });
