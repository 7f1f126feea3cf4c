// Hostile input: alias bomb, nesting 100,000 deep, a fallback chain 10,000 long, a 50 MB file, NUL
// bytes, invalid UTF-8, a BOM, CRLF, tab indentation, a 1 MB line. Each gets a clear diagnostic in
// bounded time and memory through the pure service, the CLI (`dist/cli.js lint`) and the server
// (`dist/server.js --stdio`, which stays up and still answers). The big inputs are generated here
// into a temporary directory, never committed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { analyze } from '../../server/src/service';
import type { DiagnosticCode } from '../../server/src/service';
import { checkAllFeatures } from './properties';
import { TestClient } from '../protocol/lspClient';
import { cpuBound, processCpuMs, reapedChildrenCpuMs } from '../timing';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const TIME_BOUND_MS = 10_000;
const HEAP_BOUND_MB = 600;
const HEAD = 'kind: AssistantConfig\nversion: v2\n';
const VALID_YAML = `${HEAD}definition:\n  llm:\n    provider: hosted\n`;
const VALID_JSON = '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}}}\n';

interface Case {
  name: string;
  file: string;
  bytes: () => Buffer;
  /** At least one of these codes must be reported (empty: no diagnostic at all, a clean document). */
  expect: DiagnosticCode[];
}

const utf8 =
  (s: string): (() => Buffer) =>
  () =>
    Buffer.from(s, 'utf8');

function aliasBomb(): string {
  let s = `${HEAD}definition:\n  llm: { provider: hosted }\nlol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n`;
  for (let i = 1; i < 12; i++)
    s += `lol${i}: &l${i} [${Array(10)
      .fill(`*l${i - 1}`)
      .join(', ')}]\n`;
  return s;
}

function fallbackChainJson(n: number): string {
  return `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": ${'{"provider": "hosted", "fallback": '.repeat(n)}{"provider": "hosted"}${'}'.repeat(n)}}}\n`;
}

function fallbackChainYaml(n: number): string {
  return `${HEAD}definition:\n  llm: ${'{provider: hosted, fallback: '.repeat(n)}{provider: hosted}${'}'.repeat(n)}\n`;
}

function fiftyMegabytes(): Buffer {
  const item = '  - primitiveName: classify\n    llm:\n      provider: hosted\n';
  const head = `${HEAD}definition:\n  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n`;
  return Buffer.from(head + item.repeat(Math.ceil((50 * 1024 * 1024) / item.length)), 'utf8');
}

const N = 100_000;
const CASES: Case[] = [
  {
    name: 'alias bomb (billion laughs)',
    file: 'bomb.assistant.yaml',
    bytes: utf8(aliasBomb()),
    expect: ['resource-limit'],
  },
  {
    name: 'nesting 100,000 deep: YAML flow sequences',
    file: 'deep-flow.assistant.yaml',
    bytes: utf8('['.repeat(N) + ']'.repeat(N) + '\n'),
    expect: ['resource-limit'],
  },
  {
    name: 'nesting 100,000 deep: YAML flow mappings',
    file: 'deep-flowmap.assistant.yaml',
    bytes: utf8('{a: '.repeat(N) + '1' + '}'.repeat(N) + '\n'),
    expect: ['resource-limit'],
  },
  {
    name: 'nesting 100,000 deep: YAML block sequences',
    file: 'deep-block.assistant.yaml',
    bytes: utf8('- '.repeat(N) + 'x\n'),
    expect: ['resource-limit'],
  },
  {
    name: 'nesting 100,000 deep: JSON arrays',
    file: 'deep.assistant.json',
    bytes: utf8('['.repeat(N) + ']'.repeat(N) + '\n'),
    expect: ['resource-limit'],
  },
  {
    name: 'nesting 100,000 deep: JSON objects',
    file: 'deep-obj.assistant.json',
    bytes: utf8('{"a": '.repeat(N) + '1' + '}'.repeat(N) + '\n'),
    expect: ['resource-limit'],
  },
  {
    name: 'fallback chain 10,000 long (JSON)',
    file: 'chain.assistant.json',
    bytes: utf8(fallbackChainJson(10_000)),
    expect: ['resource-limit'],
  },
  {
    name: 'fallback chain 10,000 long (YAML flow)',
    file: 'chain.assistant.yaml',
    bytes: utf8(fallbackChainYaml(10_000)),
    expect: ['resource-limit'],
  },
  {
    name: 'fallback chain 200 long (YAML, within the nesting limit)',
    file: 'chain200.assistant.yaml',
    bytes: utf8(fallbackChainYaml(200)),
    expect: ['fallback-too-deep'],
  },
  { name: '50 MB file', file: 'big.assistant.yaml', bytes: fiftyMegabytes, expect: ['resource-limit'] },
  {
    name: 'NUL bytes (YAML)',
    file: 'nul.assistant.yaml',
    bytes: utf8(VALID_YAML.replace('provider: hosted', 'provider: hos\u0000ted') + '  systemInstructions: a\u0000b\n'),
    expect: ['syntax-error'],
  },
  {
    name: 'NUL bytes (JSON)',
    file: 'nul.assistant.json',
    bytes: utf8(VALID_JSON.replace('"hosted"', '"hos\u0000ted"')),
    expect: ['syntax-error'],
  },
  {
    name: 'invalid UTF-8 (YAML)',
    file: 'latin1.assistant.yaml',
    bytes: () =>
      Buffer.concat([
        Buffer.from(`${HEAD}definition:\n  llm:\n    provider: hosted\n    `),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from('model: x\n'),
      ]),
    expect: ['invalid-encoding'],
  },
  {
    name: 'invalid UTF-8 (JSON)',
    file: 'latin1.assistant.json',
    bytes: () =>
      Buffer.concat([
        Buffer.from('{"kind": "Assistant'),
        Buffer.from([0xe9, 0x80]),
        Buffer.from('Config", "version": "v2", "definition": {"llm": {"provider": "hosted"}}}\n'),
      ]),
    expect: ['invalid-encoding'],
  },
  { name: 'BOM (YAML), otherwise valid', file: 'bom.assistant.yaml', bytes: utf8('\uFEFF' + VALID_YAML), expect: [] },
  // JSON readers (JSON.parse, Python's json) reject a BOM: a warning with a fix (review D20).
  {
    name: 'BOM (JSON), otherwise valid',
    file: 'bom.assistant.json',
    bytes: utf8('\uFEFF' + VALID_JSON),
    expect: ['json-not-strict'],
  },
  {
    name: 'CRLF line ends, one unknown key',
    file: 'crlf.assistant.yaml',
    bytes: utf8((VALID_YAML + '    modle: x\n').replace(/\n/g, '\r\n')),
    expect: ['unknown-property'],
  },
  {
    name: 'tabs for indentation',
    file: 'tabs.assistant.yaml',
    bytes: utf8(`${HEAD}definition:\n\tllm:\n\t\tprovider: hosted\n`),
    expect: ['syntax-error'],
  },
  {
    name: '1 MB single line (a flow mapping)',
    file: 'line.assistant.yaml',
    bytes: utf8(
      `${HEAD}definition: {llm: {provider: hosted}, systemInstructions: "${'x'.repeat(1 << 20)}", bogus: 1}\n`,
    ),
    expect: ['unknown-property'],
  },
  {
    name: 'a merge key inside the mapping it merges (fallback)',
    file: 'merge-loop.assistant.yaml',
    bytes: utf8(`${HEAD}definition:\n  llm: &x\n    provider: hosted\n    fallback:\n      <<: *x\n`),
    expect: ['fallback-cycle'],
  },
  {
    name: 'a merge key inside the mapping it merges (nested, feature flags and an unknown key)',
    file: 'merge-loop2.assistant.yaml',
    bytes: utf8(
      `${HEAD}definition:\n  llm: { provider: hosted }\n  featureFlags: &f { nested: { <<: *f } }\nx: &x { a: { b: { <<: *x } } }\n`,
    ),
    expect: ['fallback-cycle'],
  },
  {
    name: '1 MB single line (no structure)',
    file: 'line2.assistant.yaml',
    bytes: utf8('x'.repeat(1 << 20) + '\n'),
    expect: ['not-an-object'],
  },
];

const dir = mkdtempSync(join(tmpdir(), 'hostile-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function textOf(c: Case): { text: string; language: 'yaml' | 'json'; buf: Buffer } {
  const buf = c.bytes();
  return { buf, text: buf.toString('utf8'), language: c.file.endsWith('.json') ? 'json' : 'yaml' };
}

function assertExpected(name: string, codes: string[], expect: DiagnosticCode[]): void {
  if (expect.length === 0) assert.deepEqual(codes, [], `${name}: expected a clean document, got ${codes.join(', ')}`);
  else
    assert.ok(
      expect.some((e) => codes.includes(e)),
      `${name}: expected one of ${expect.join(', ')}; got ${codes.join(', ') || 'nothing'}`,
    );
}

for (const c of CASES) {
  test(`hostile (service): ${c.name}`, () => {
    const { text, language } = textOf(c);
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    // Within the bound by wall-clock time, or (a busy machine) by CPU time: test/timing.ts.
    const {
      value: { diagnostics },
    } = cpuBound(`${c.name}: analyze`, () => analyze(text, language), TIME_BOUND_MS);
    // Every other feature too, at the start, the middle and the end, each call bounded.
    checkAllFeatures(text, language, [0, Math.floor(text.length / 2), text.length], TIME_BOUND_MS);
    const grew = (process.memoryUsage().heapUsed - heap0) / 1e6;
    assert.ok(grew < HEAP_BOUND_MB, `${c.name}: the heap grew by ${grew.toFixed(0)} MB`);
    assertExpected(
      c.name,
      diagnostics.map((d) => d.code),
      c.expect,
    );
    for (const d of diagnostics)
      assert.ok(d.message.length < 2000, `${c.name}: a ${d.message.length}-character message`);
  });
}

/** The CLI as a process: its output, its wall-clock time and its CPU time (undefined without /proc). */
function runCli(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number; cpuMs: number | undefined }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const cpu0 = reapedChildrenCpuMs();
    const p = spawn(process.execPath, [join(process.cwd(), 'dist/cli.js'), ...args], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // A hang limit, not a performance bound: generous for a machine at load 20.
    const timer = setTimeout(() => p.kill('SIGKILL'), 300_000);
    p.on('error', reject);
    p.on('close', (code) => {
      clearTimeout(timer);
      const cpu1 = reapedChildrenCpuMs();
      resolve({
        code,
        stdout,
        stderr,
        ms: performance.now() - t0,
        cpuMs: cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined,
      });
    });
  });
}

for (const c of CASES) {
  test(`hostile (CLI lint): ${c.name}`, async () => {
    writeFileSync(join(dir, c.file), c.bytes());
    const r = await runCli(['lint', '--no-env-check', '--format', 'json', c.file]);
    assert.ok(r.code === 0 || r.code === 1, `${c.name}: exit ${r.code}, stderr ${r.stderr.slice(0, 500)}`);
    assert.equal(r.stderr, '', `${c.name}: the CLI wrote to stderr`);
    assert.doesNotMatch(r.stdout, /\n\s+at .+:\d+:\d+\)?\n/, 'no stack trace');
    // Bounded time: the CLI's CPU time (a busy machine stretches the wall-clock time, not that).
    assert.ok(
      (r.cpuMs ?? r.ms) < 30_000,
      `${c.name}: the CLI took ${r.ms.toFixed(0)} ms, ${r.cpuMs ?? '(unknown)'} ms of CPU time`,
    );
    const out = JSON.parse(r.stdout) as { files: { diagnostics: { code: string; severity: string }[] }[] };
    const diags = out.files[0]!.diagnostics;
    assertExpected(
      c.name,
      diags.map((d) => d.code),
      c.expect,
    );
    assert.equal(r.code, diags.some((d) => d.severity === 'error') ? 1 : 0);
  });
}

test('hostile (server): each document gets its diagnostics, the server still answers and stays up', async () => {
  const client = new TestClient();
  try {
    await client.initialize();
    for (const c of CASES) {
      const { text, language } = textOf(c);
      const uri = pathToFileURL(join(dir, 'srv-' + c.file)).href;
      const t0 = performance.now();
      const cpu0 = processCpuMs(client.proc.pid!);
      await client.open(uri, text, language === 'json' ? 'assistantconfig-json' : 'assistantconfig');
      // A hang limit, generous for a machine at load 20; the bound below is on the server's CPU time.
      const p = await client.waitForDiagnostics(uri, () => true, 300_000);
      const ms = performance.now() - t0;
      const cpu1 = processCpuMs(client.proc.pid!);
      const cpuMs = cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined;
      assertExpected(
        `${c.name} (server)`,
        p.diagnostics.map((d) => String(d.code)),
        c.expect,
      );
      assert.ok(
        (cpuMs ?? ms) < 30_000,
        `${c.name}: diagnostics after ${ms.toFixed(0)} ms, ${cpuMs ?? '(unknown)'} ms of the server's CPU time`,
      );
      // The server still answers on this document and on a small one.
      await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
      await client.request('textDocument/documentSymbol', { textDocument: { uri } });
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      assert.equal(client.proc.exitCode, null, `the server exited after ${c.name}`);
    }
    const small = 'file:///small.assistant.yaml';
    await client.open(small, VALID_YAML.replace('provider: hosted', 'provider: hostd'));
    const d = await client.waitForDiagnostics(small);
    assert.ok(d.diagnostics.some((x) => x.code === 'unknown-discriminator'));
    const h = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: small },
      position: { line: 0, character: 1 },
    });
    assert.ok(h && h.contents.value.length > 0);
    assert.doesNotMatch(client.stderr, /RangeError|Maximum call stack|heap out of memory/);
    assert.equal(await client.shutdown(), 0);
  } finally {
    if (client.proc.exitCode === null) client.kill();
  }
});
