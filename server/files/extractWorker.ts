import { parentPort } from 'node:worker_threads';
import { runExtractJob, type ExtractJob } from './extract.ts';

/**
 * The extraction worker's entry (started by `worker.ts`, one per upload): reads one job, answers
 * its result, and is terminated by the parent. Loaded by Node itself (type stripping), also under
 * vitest, so it and what it imports must stay plain erasable TypeScript.
 */
parentPort!.once('message', (job: ExtractJob) => {
  void runExtractJob(job).then((result) => parentPort!.postMessage(result));
});
