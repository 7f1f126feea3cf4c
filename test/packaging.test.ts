// `npm run package` builds a .vsix under 1 MB that ships only what runs, with the marketplace fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { ROOT } from './helpers';
import { CODES } from '../server/src/service/codes';
import { DROPPED, anchorOf } from '../scripts/marketplace-readme.mjs';

/** File names in a zip archive, from its central directory. */
function zipEntries(buf: Buffer): string[] {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  assert.ok(eocd >= 0, 'a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(p), 0x02014b50);
    const nameLen = buf.readUInt16LE(p + 28);
    const extra = buf.readUInt16LE(p + 30);
    const comment = buf.readUInt16LE(p + 32);
    names.push(buf.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
    p += 46 + nameLen + extra + comment;
  }
  return names.sort();
}

/** One file of a zip archive (stored or deflated), found by its name in the central directory. */
function zipFile(buf: Buffer, name: string): string {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const next = p + 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    if (buf.subarray(p + 46, p + 46 + nameLen).toString('utf8') === name) {
      const method = buf.readUInt16LE(p + 10);
      const size = buf.readUInt32LE(p + 20);
      const local = buf.readUInt32LE(p + 42);
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    p = next;
  }
  throw new Error(`no ${name} in the archive`);
}

test('npm run package builds a small .vsix with only what runs', { timeout: 240_000 }, () => {
  // npm test has just built the bundles; package them as they are (npm run package builds first).
  const r = spawnSync('npm', ['run', 'package:vsix'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const vsix = join(ROOT, 'assistant-config-tools.vsix');
  const size = statSync(vsix).size;
  // 1 MiB. Main reached 1,107,133 bytes in the fourteenth session (the parser and the schema's reader were
  // bundled into both Test Connection clients, and undici's HTTP parser twice); the clients now ask the
  // server for what the document says (CONNECTION_CONFIG_REQUEST) and carry one llhttp: 968,175 bytes.
  assert.ok(size < 1024 * 1024, `vsix is ${size} bytes`);
  const files = zipEntries(readFileSync(vsix))
    .filter((f) => f.startsWith('extension/'))
    .map((f) => f.slice('extension/'.length));
  assert.deepEqual(files, [
    'LICENSE.txt',
    'changelog.md',
    'dist/browser/client.js',
    'dist/browser/server.js',
    'dist/client-connection.js',
    'dist/client-lsp.js',
    'dist/client.js',
    'dist/server-main.js',
    'dist/server.js',
    ...Object.keys(CODES)
      .map((c) => `docs/codes/${c}.md`)
      .sort(),
    'images/icon.png',
    'language-configuration-json.json',
    'language-configuration.json',
    'package.json',
    'readme.md',
    'schemas/assistant-config-project.schema.json',
    'schemas/assistant-config.schema.json',
    'syntaxes/assistantconfig-json.tmLanguage.json',
    'syntaxes/assistantconfig.tmLanguage.json',
  ]);
  // The README it carries (the Details tab) is README.md without the sections about the CLI, CI roll-out,
  // other editors and development (scripts/marketplace-readme.mjs): every other section in README.md's
  // order, a last one pointing to the full README, and no link to an anchor it lacks.
  const readme = zipFile(readFileSync(vsix), 'extension/readme.md');
  const sections = (t: string): string[] => [...t.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
  const full = readFileSync(join(ROOT, 'README.md'), 'utf8');
  assert.deepEqual(sections(readme), [...sections(full).filter((t) => !DROPPED.includes(t)), 'More']);
  for (const t of DROPPED) assert.ok(sections(full).includes(t), `README.md has a section '${t}'`);
  const anchors = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
  for (const m of readme.matchAll(/\]\(#([^)\s]+)\)/g)) assert.ok(anchors.has(m[1]!), `readme.md links to #${m[1]}`);
  assert.match(readme, /\[full README\]\(https:\/\/[^)]+README\.md\)/);
  assert.ok(
    statSync(join(ROOT, 'dist/server-main.js')).size < 1024 * 1024,
    'the bundled server is under 1 MB minified',
  );
  // dist/server.js only loads it (with the code cache): nothing of the server's own code in it.
  assert.ok(statSync(join(ROOT, 'dist/server.js')).size < 8 * 1024, 'the server launcher is small');
  // Issue 16: what loads when any YAML/JSON file opens is at most 50 KB, with no language client
  // library, parser or HTTP client in it (each leaves marks that minification keeps).
  const main = readFileSync(join(ROOT, 'dist/client.js'), 'utf8');
  assert.ok(main.length <= 50 * 1024, `dist/client.js is ${main.length} bytes`);
  for (const [what, mark] of [
    ['vscode-languageclient', 'textDocument/didOpen'],
    ['vscode-jsonrpc', 'Content-Length'],
    ['the yaml parser', 'YAMLParseError'],
    // (jsonc-parser's scanner is there, for the JSON content sniff; its parser is not.)
    ["jsonc-parser's parser", 'onObjectProperty'],
    ['undici', 'undici'],
  ] as const)
    assert.ok(!main.includes(mark), `dist/client.js holds ${what}`);
  assert.ok(
    readFileSync(join(ROOT, 'dist/client-lsp.js'), 'utf8').includes('textDocument/didOpen'),
    'the language client is in the second bundle',
  );
  const connection = readFileSync(join(ROOT, 'dist/client-connection.js'), 'utf8');
  assert.ok(connection.includes('undici'), 'the HTTP client is in the third bundle');
  // undici's HTTP parser once (its WebAssembly, base64, starts with the magic "\0asm": AGFzbQ), not
  // also the SIMD build (scripts/build.mjs, one-llhttp).
  assert.equal(connection.split('AGFzbQ').length - 1, 1, 'one llhttp build in dist/client-connection.js');
  // Test Connection's clients carry no parser: the server reads the document (CONNECTION_CONFIG_REQUEST).
  for (const bundle of ['dist/client-connection.js', 'dist/browser/client.js'])
    for (const [what, mark] of [
      ['the yaml parser', 'YAMLParseError'],
      ["jsonc-parser's parser", 'onObjectProperty'],
    ] as const)
      assert.ok(!readFileSync(join(ROOT, bundle), 'utf8').includes(mark), `${bundle} holds ${what}`);
});

test('package.json carries the marketplace fields', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  for (const k of [
    'publisher',
    'displayName',
    'description',
    'categories',
    'keywords',
    'repository',
    'icon',
    'engines',
    'license',
  ])
    assert.ok(pkg[k], k);
  assert.match((pkg.engines as { vscode: string }).vscode, /^\^1\.\d+\.0$/);
  const events = pkg.activationEvents as string[];
  for (const e of [
    'onLanguage:assistantconfig',
    'onLanguage:assistantconfig-json',
    'onLanguage:yaml',
    'onLanguage:json',
    'workspaceContains:**/*.assistant.yaml',
    'workspaceContains:**/assistant-config.json',
  ])
    assert.ok(events.includes(e), e);
  assert.equal(pkg.main, './dist/client.js');
  assert.equal(pkg.browser, './dist/browser/client.js');
});
