import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import {
  collectLead,
  delveEmails,
  startSearch,
  searchesLeft,
  setMemo,
  uncollectLeads,
  unlockLead,
} from '../leads/service.ts';
import { changeTags, exportRows, listFacets, listPage, setStage } from '../leads/pipeline.ts';
import { verifyMedia } from '../leads/media.ts';
import { chatTranscript, deleteChat, listChats } from '../leads/history.ts';
import { completeQuery, defaultQueries } from '../leads/suggest.ts';
import {
  chatRef,
  completeQueryQuery,
  defaultQueryQuery,
  leadExportQuery,
  leadListQuery,
  leadRef,
  leadTagsRequest,
  setStageRequest,
  searchRequest,
  setMemoRequest,
  uncollectRequest,
  verifyMediaRequest,
} from '../../contract/schemas.ts';
import { FIELD_MESSAGES, ok, requireUser, valid, type ApiEnv } from './context.ts';
import { ErrorCode } from '../../contract/api.ts';
import { AppError, describeError } from '../platform/errors.ts';
import { message } from '../i18n.ts';
import { tracked } from '../platform/work.ts';

/** Search and chat: spec §7's /chat/*, /get_default_query, /complete_query. */
export const chatApi = new Hono<ApiEnv>()
  /**
   * A sentence, edited chips or "show more" in, an event stream out (SSE), each event as soon as
   * it is ready: `understood`, then each `lead`, then `summary`. A refusal before the search
   * starts (no searches left, not your conversation) answers a JSON envelope instead.
   */
  .post('/search', requireUser, valid('json', searchRequest), async (c) => {
    const started = await startSearch(c.get('services'), c.get('user'), c.req.valid('json'), c.get('lang'));
    // Proxies that buffer answers (nginx) pass this one through as it is written.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      try {
        // Tracked: a client that leaves does not stop the search, and a shutdown waits for it.
        await tracked(
          started.run({
            understood: (data) => stream.writeSSE({ event: 'understood', data: JSON.stringify(data) }),
            lead: (data) => stream.writeSSE({ event: 'lead', data: JSON.stringify(data) }),
            summary: (data) => stream.writeSSE({ event: 'summary', data: JSON.stringify(data) }),
          }),
        );
      } catch (error) {
        // Past the first event the status is sent: a failure is the stream's last event, in the
        // page's language. Caught here rather than by streamSSE's onError, which would add a
        // second `error` event carrying the raw message (a driver error's holds query parameters).
        if (!(error instanceof AppError)) console.error(`[search] ${describeError(error)}`);
        const code = error instanceof AppError ? error.code : ErrorCode.INTERNAL;
        const msg =
          error instanceof AppError
            ? message(c.get('lang'), error.key, error.params)
            : message(c.get('lang'), 'internal');
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ code, msg }) });
      }
    });
  })
  .get('/get_chat_history', requireUser, async (c) =>
    ok(c, await listChats(c.get('services'), c.get('user').id)),
  )
  .get('/messages', requireUser, valid('query', chatRef), async (c) =>
    ok(
      c,
      await chatTranscript(c.get('services'), c.get('user').id, c.req.valid('query').chat_id, c.get('lang')),
    ),
  )
  .post('/delete_chat_history', requireUser, valid('json', chatRef), async (c) => {
    await deleteChat(c.get('services'), c.get('user').id, c.req.valid('json').chat_id);
    return ok(c, null);
  })
  .get('/quota', requireUser, async (c) =>
    ok(c, { searches_left: await searchesLeft(c.get('services'), c.get('user')) }),
  );

/** The lists' own field messages: stage and tags say what they accept. */
const LIST_MESSAGES = {
  ...FIELD_MESSAGES,
  stage: 'stageInvalid',
  tag: 'tagInvalid',
  add: 'tagInvalid',
  remove: 'tagInvalid',
} as const;

/** Lead calls: unlock, saved and unlocked lists, memo, more emails, social link check. */
export const leadsApi = new Hono<ApiEnv>()
  .post('/unlock', requireUser, valid('json', leadRef), async (c) =>
    ok(c, await unlockLead(c.get('services'), c.get('user'), c.req.valid('json').lead_id, c.get('lang'))),
  )
  // The saved list (`collects`) and the unlocked one: a page, every filtered row, the filters' choices.
  .get('/collects', requireUser, valid('query', leadListQuery, LIST_MESSAGES), async (c) =>
    ok(c, await listPage(c.get('services'), c.get('user'), 'collects', c.req.valid('query'), c.get('lang'))),
  )
  .get('/collects/export', requireUser, valid('query', leadExportQuery, LIST_MESSAGES), async (c) =>
    ok(
      c,
      await exportRows(c.get('services'), c.get('user'), 'collects', c.req.valid('query'), c.get('lang')),
    ),
  )
  .get('/collects/facets', requireUser, async (c) =>
    ok(c, await listFacets(c.get('services'), c.get('user'), 'collects', c.get('lang'))),
  )
  .get('/unlocked', requireUser, valid('query', leadListQuery, LIST_MESSAGES), async (c) =>
    ok(c, await listPage(c.get('services'), c.get('user'), 'unlocked', c.req.valid('query'), c.get('lang'))),
  )
  .get('/unlocked/export', requireUser, valid('query', leadExportQuery, LIST_MESSAGES), async (c) =>
    ok(
      c,
      await exportRows(c.get('services'), c.get('user'), 'unlocked', c.req.valid('query'), c.get('lang')),
    ),
  )
  .get('/unlocked/facets', requireUser, async (c) =>
    ok(c, await listFacets(c.get('services'), c.get('user'), 'unlocked', c.get('lang'))),
  )
  .post('/stage', requireUser, valid('json', setStageRequest, LIST_MESSAGES), async (c) => {
    const { lead_ids, stage } = c.req.valid('json');
    await setStage(c.get('services'), c.get('user'), lead_ids, stage);
    return ok(c, null);
  })
  .post('/tags', requireUser, valid('json', leadTagsRequest, LIST_MESSAGES), async (c) => {
    const { lead_ids, add, remove } = c.req.valid('json');
    await changeTags(c.get('services'), c.get('user'), lead_ids, add, remove);
    return ok(c, null);
  })
  .post('/collect', requireUser, valid('json', leadRef), async (c) => {
    await collectLead(c.get('services'), c.get('user'), c.req.valid('json').lead_id);
    return ok(c, null);
  })
  .delete('/collect', requireUser, valid('json', uncollectRequest), async (c) => {
    await uncollectLeads(c.get('services'), c.get('user'), c.req.valid('json').lead_ids);
    return ok(c, null);
  });

/** Calls that live at the API root or under /user in spec §7. */
export const rootLeadsApi = new Hono<ApiEnv>()
  .get('/get_default_query', valid('query', defaultQueryQuery), (c) =>
    ok(c, defaultQueries(c.req.valid('query').language ?? c.get('lang'))),
  )
  .get('/complete_query', requireUser, valid('query', completeQueryQuery), (c) => {
    const { q, language: lang } = c.req.valid('query');
    return ok(c, completeQuery(q, lang ?? c.get('lang')));
  })
  .post('/spider/verify_media', requireUser, valid('json', verifyMediaRequest), (c) =>
    ok(c, verifyMedia(c.req.valid('json').url)),
  )
  .get('/user/get_delve_email', requireUser, valid('query', leadRef), async (c) =>
    ok(c, await delveEmails(c.get('services'), c.get('user'), c.req.valid('query').lead_id)),
  )
  .post('/user/set_memo', requireUser, valid('json', setMemoRequest), async (c) => {
    const { lead_id, memo } = c.req.valid('json');
    await setMemo(c.get('services'), c.get('user'), lead_id, memo);
    return ok(c, null);
  });
