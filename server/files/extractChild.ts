import { runExtractJob, type ExtractJob } from './extract.ts';

/**
 * The extraction child process's entry (started by `worker.ts`, one per file, under an address-space
 * limit): reads one job from its parent over IPC, answers its result, and exits. Loaded by Node
 * itself (type stripping), also under vitest, so it and what it imports must stay plain erasable
 * TypeScript.
 */
process.once('message', (job: ExtractJob) => {
  void runExtractJob(job).then((result) => process.send!(result, () => process.exit(0)));
});
