// The read-ahead thread of a one-thread lint (cli/reader.ts) in-process: every file's text, or its
// read error, exactly as readFileSync gives it, in order, with the real worker script; and when the
// worker cannot start (the main thread then reads everything itself).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { FileReader, READ_BATCH, readText } from '../../server/src/cli/reader';
import type { Read } from '../../server/src/cli/reader';
import { ROOT } from '../helpers';

const WORKER = join(ROOT, 'dist/read-worker.js');

/** Files with what decoding must keep: invalid UTF-8, a BOM, CRLF, astral characters, empty files. */
function corpus(n: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ac-reader-'));
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const path = join(dir, `f${i}.assistant.yaml`);
    const text = `# ${i}\r\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n`;
    const variants: Buffer[] = [
      Buffer.from(text),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      Buffer.concat([Buffer.from(text), Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x9f, 0x98])]),
      Buffer.from(`# 😀 é ${'x'.repeat(i)}\n${text}`),
      Buffer.alloc(0),
    ];
    writeFileSync(path, variants[i % variants.length]!);
    paths.push(path);
  }
  // A directory where a file was expected: its error code comes in its place.
  const notAFile = join(dir, 'dir.assistant.yaml');
  mkdirSync(notAFile);
  paths.splice(70, 0, notAFile);
  paths.push(join(dir, 'gone.assistant.yaml'));
  return paths;
}

function readAll(reader: FileReader, paths: string[]): Read[] {
  reader.start(paths);
  const out = paths.map((_, i) => reader.read(i));
  reader.close();
  return out;
}

test('the read-ahead thread gives every text and error exactly as readFileSync, in order', () => {
  const paths = corpus(READ_BATCH * 7 + 3);
  const expected = paths.map(readText);
  assert.deepEqual(expected[70], { error: 'EISDIR' });
  assert.deepEqual(expected[expected.length - 1], { error: 'ENOENT' });
  assert.ok(
    expected.some((t) => typeof t === 'string' && t.includes('\uFFFD')),
    'invalid UTF-8 decoded',
  );
  assert.ok(
    expected.some((t) => typeof t === 'string' && t.startsWith('\uFEFF')),
    'BOM kept',
  );
  // As in a run, the worker reads while this thread walks; here it waits for the worker's first
  // batch (however loaded the machine), so the batches it delivers are certainly used.
  const reader = new FileReader(WORKER);
  reader.start(paths);
  assert.ok(reader.waitForFirstBatch(60_000), 'the read-ahead worker posted a batch');
  const got = paths.map((_, i) => reader.read(i));
  reader.close();
  assert.deepEqual(got, expected);
  const batches = Math.ceil(paths.length / READ_BATCH);
  assert.ok(reader.readSelf < batches, `the worker read some batches (${reader.readSelf} of ${batches} read here)`);
});

test('a read-ahead thread that cannot start costs only speed: the main thread reads everything', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-reader-'));
  const broken = join(dir, 'broken-worker.js');
  writeFileSync(broken, 'throw new Error("this worker cannot start");\n');
  const paths = corpus(READ_BATCH * 3 + 1);
  const reader = new FileReader(broken);
  const got = readAll(reader, paths);
  assert.deepEqual(got, paths.map(readText));
  assert.equal(reader.readSelf, Math.ceil(paths.length / READ_BATCH));
});

test('a missing worker script: the same texts, read by the main thread', () => {
  const paths = corpus(READ_BATCH + 5);
  const reader = new FileReader(join(ROOT, 'dist/no-such-worker.js'));
  assert.deepEqual(readAll(reader, paths), paths.map(readText));
});

test('the texts are the files as written (not only equal to readText)', () => {
  const paths = corpus(20);
  const reader = new FileReader(WORKER);
  const got = readAll(reader, paths);
  paths.forEach((p, i) => {
    if (typeof got[i] === 'string') assert.equal(got[i], readFileSync(p).toString('utf8'));
  });
});
