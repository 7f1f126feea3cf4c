// The lint worker thread's script (bundled alone as dist/lint-worker.js: only what linting needs,
// so a worker starts fast). See pool.ts.
import { isMainThread, workerData } from 'node:worker_threads';
import { serveLintJobs } from './pool';
import type { WorkerSetup } from './pool';

const setup = workerData as WorkerSetup | undefined;
if (!isMainThread && setup?.assistantConfigLintWorker) serveLintJobs(setup);
