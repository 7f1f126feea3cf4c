// The read-ahead worker thread's script (bundled alone as dist/read-worker.js: node:fs and
// node:worker_threads only, so it starts in about 20 ms). See reader.ts.
import { isMainThread, workerData } from 'node:worker_threads';
import { serveReads } from './reader';
import type { ReaderSetup } from './reader';

const setup = workerData as ReaderSetup | undefined;
if (!isMainThread && setup?.assistantConfigReader) serveReads(setup);
