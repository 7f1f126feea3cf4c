// Server stress: a scripted client drives the real `dist/server.js --stdio` through thousands of
// random incremental edits, requests and cancellations on several documents at once. No crash, every
// request answered (a result or RequestCancelled), the last diagnostics of each document equal a
// fresh analysis of its final text, and the server's memory does not grow across the run.
// Replay: STRESS_SEED=<seed printed below>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CancellationTokenSource, ResponseError, LSPErrorCodes } from 'vscode-languageserver-protocol/node';
import { analyze } from '../../server/src/service';
import { TestClient } from '../protocol/lspClient';
import { testSeed } from '../seed';
import { mulberry32 as rng } from '../helpers';

const STEPS = Number(process.env.STRESS_STEPS ?? 4000);
const SEED = testSeed('stress', 0x57e55, 'STRESS_SEED');

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const INSERTS = [
  'provider: ',
  'hosted',
  'vendor_a',
  '\n',
  '\n    ',
  '  ',
  ': ',
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ',',
  '- ',
  '#',
  'apiKey:\n      valueFromEnv: KEY\n',
  'fallback:\n      provider: vendor_b\n',
  'x',
  'model',
  '\t',
  '&a ',
  '*a',
  '\r\n',
  'null',
  '42',
];
const METHODS = [
  'textDocument/completion',
  'textDocument/hover',
  'textDocument/codeAction',
  'textDocument/documentSymbol',
  'textDocument/foldingRange',
  'textDocument/formatting',
  'textDocument/selectionRange',
];

interface Doc {
  uri: string;
  languageId: string;
  language: 'yaml' | 'json';
  td: TextDocument;
}

test(
  `stress: ${STEPS} random edits, requests and cancellations on four documents (seed ${SEED})`,
  // A hang limit: the run takes about a minute at load 13, several on a busier machine.
  { timeout: 900_000 },
  async () => {
    console.log(`stress seed ${SEED} (replay with STRESS_SEED=${SEED}), ${STEPS} steps`);
    const rand = rng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const client = new TestClient();
    const pid = client.proc.pid!;
    const logs: string[] = [];
    client.conn.onNotification(
      'window/logMessage',
      (m: { type: number; message: string }) => void logs.push(m.message),
    );
    try {
      await client.initialize();
      const sources = [
        'examples/everything.assistant.yaml',
        'examples/cloud-b.assistant.yaml',
        'examples/everything.assistant.json',
        'examples/cloud-b.assistant.json',
      ];
      const docs: Doc[] = sources.map((p, i) => {
        const language = p.endsWith('.json') ? 'json' : 'yaml';
        const languageId = language === 'json' ? 'assistantconfig-json' : 'assistantconfig';
        const uri = `file:///stress/doc${i}.assistant.${language}`;
        return {
          uri,
          language,
          languageId,
          td: TextDocument.create(uri, languageId, 1, readFileSync(join(process.cwd(), p), 'utf8')),
        };
      });
      for (const d of docs) await client.open(d.uri, d.td.getText(), d.languageId, 1);
      for (const d of docs) await client.waitForDiagnostics(d.uri);

      const rss: { start: number; mid: number; end: number } = { start: rssMb(pid), mid: 0, end: 0 };
      const pending: Promise<void>[] = [];
      const counts = { edits: 0, requests: 0, answered: 0, cancelledSent: 0, cancelledAnswered: 0, results: 0 };
      const failures: string[] = [];

      const request = (d: Doc): void => {
        const method = pick(METHODS);
        const text = d.td.getText();
        const a = Math.floor(rand() * (text.length + 1));
        const b = Math.min(text.length, a + Math.floor(rand() * 40));
        const position = d.td.positionAt(a);
        const textDocument = { uri: d.uri };
        const params: Record<string, unknown> =
          method === 'textDocument/codeAction'
            ? { textDocument, range: { start: position, end: d.td.positionAt(b) }, context: { diagnostics: [] } }
            : method === 'textDocument/formatting'
              ? { textDocument, options: { tabSize: 2, insertSpaces: true } }
              : method === 'textDocument/selectionRange'
                ? { textDocument, positions: [position] }
                : method === 'textDocument/documentSymbol' || method === 'textDocument/foldingRange'
                  ? { textDocument }
                  : { textDocument, position };
        const cancel = rand() < 0.3;
        const source = new CancellationTokenSource();
        counts.requests++;
        if (cancel) counts.cancelledSent++;
        const p = client.conn.sendRequest(method, params, source.token).then(
          () => {
            counts.answered++;
            counts.results++;
          },
          (e: unknown) => {
            counts.answered++;
            if (e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled && cancel)
              counts.cancelledAnswered++;
            else failures.push(`${method}: ${e instanceof Error ? e.message : String(e)}`);
          },
        );
        if (cancel) {
          if (rand() < 0.5) source.cancel();
          else setImmediate(() => source.cancel());
        }
        pending.push(p);
      };

      const edit = (d: Doc): void => {
        const text = d.td.getText();
        let a = Math.floor(rand() * (text.length + 1));
        let b = Math.min(text.length, a + Math.floor(rand() * (rand() < 0.9 ? 6 : 80)));
        let insert = rand() < 0.7 ? pick(INSERTS) : '';
        // Keep documents within a few kilobytes: past that, edits only delete.
        if (text.length > 12_000) insert = '';
        if (text.length < 50 && insert === '') insert = pick(INSERTS);
        // Avoid splitting a CRLF pair, which the two sides could count differently.
        if (text[a - 1] === '\r' && text[a] === '\n') a--;
        if (text[b - 1] === '\r' && text[b] === '\n') b++;
        const range = { start: d.td.positionAt(a), end: d.td.positionAt(b) };
        const version = d.td.version + 1;
        d.td = TextDocument.update(d.td, [{ range, text: insert }], version);
        counts.edits++;
        void client.change(d.uri, version, [{ range, text: insert }]);
      };

      const t0 = performance.now();
      for (let step = 0; step < STEPS; step++) {
        const d = pick(docs);
        if (rand() < 0.55) edit(d);
        else request(d);
        // Let the server breathe now and then so that requests meet many versions of the documents.
        if (step % 40 === 39) await Promise.all(pending.splice(0));
        if (step === Math.floor(STEPS / 2)) rss.mid = rssMb(pid);
        assert.equal(client.proc.exitCode, null, `the server exited at step ${step}`);
      }
      await Promise.all(pending.splice(0));
      const ms = performance.now() - t0;

      // The last publication of each document is for its final version and equals a fresh analysis.
      for (const d of docs) {
        const p = await client.waitForDiagnostics(d.uri, (x) => x.version === d.td.version);
        const fresh = analyze(d.td.getText(), d.language).diagnostics;
        const norm = (
          code: unknown,
          r: { start: { line: number; character: number }; end: { line: number; character: number } },
        ): string => `${String(code)} ${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
        const got = p.diagnostics
          .filter((x) => x.code !== 'env-not-set')
          .map((x) => norm(x.code, x.range))
          .sort();
        const want = fresh
          .filter((x) => x.code !== 'env-not-set')
          .map((x) => norm(x.code, { start: d.td.positionAt(x.offset), end: d.td.positionAt(x.offset + x.length) }))
          .sort();
        assert.deepEqual(got, want, `${d.uri} v${d.td.version}: published diagnostics differ from a fresh analysis`);
      }
      // Let the last timers and collections settle before the final sample.
      await new Promise((r) => setTimeout(r, 500));
      rss.end = rssMb(pid);
      console.log(
        `  ${counts.edits} edits, ${counts.requests} requests (${counts.cancelledSent} with a cancellation, ${counts.cancelledAnswered} answered as cancelled, ${counts.results} with a result) in ${(ms / 1000).toFixed(1)} s; server RSS start ${rss.start.toFixed(0)} MB, middle ${rss.mid.toFixed(0)} MB, end ${rss.end.toFixed(0)} MB`,
      );
      assert.deepEqual(failures, []);
      assert.equal(counts.answered, counts.requests, 'every request is answered');
      assert.ok(
        rss.end < rss.start + 150,
        `the server's RSS grew from ${rss.start.toFixed(0)} MB to ${rss.end.toFixed(0)} MB`,
      );
      // A handler that throws is logged (and answered with an empty result): none may have.
      assert.deepEqual(
        logs.filter((l) => /failed|Error/.test(l)),
        [],
      );
      assert.doesNotMatch(client.stderr, /Error|failed/);
      assert.equal(await client.shutdown(), 0);
    } finally {
      if (client.proc.exitCode === null) client.kill();
    }
  },
);
