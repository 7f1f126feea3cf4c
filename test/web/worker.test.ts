// The web extension's server (dist/browser/server.js) in a real Web Worker in headless Chromium
// (issue 14 item 1): LSP messages over postMessage for diagnostics, completion, quick fixes, hover,
// symbols, folding and formatting, each answer compared with the Node server's (dist/server.js) on
// the same documents, and the `.env` names a browser client reports. Chromium and playwright-core
// come from test/e2e/setup.sh (CI runs it before npm test); without them these tests fail and say so.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TestClient } from '../protocol/lspClient';
import { ROOT, madeUpPasswords } from '../helpers';
import { leakedRuns } from '../cli/helpers';
import { webBuildOptions } from '../../scripts/web-build.mjs';

const E2E_MODULES = join(ROOT, 'test/e2e/node_modules');
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

/** playwright-core's Chromium, from test/e2e/setup.sh; a clear failure when it is not there. */
function chromium(): { launch(o: unknown): Promise<Browser> } {
  assert.ok(
    existsSync(join(E2E_MODULES, 'playwright-core')),
    'playwright-core is not installed in test/e2e/node_modules: run test/e2e/setup.sh (CI runs it before npm test)',
  );
  assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: run test/e2e/setup.sh, or set E2E_CHROMIUM`);
  return (
    createRequire(join(E2E_MODULES, 'x.js'))('playwright-core') as {
      chromium: { launch(o: unknown): Promise<Browser> };
    }
  ).chromium;
}

interface Page {
  goto(url: string): Promise<unknown>;
  addScriptTag(o: { content: string }): Promise<unknown>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  waitForFunction<A>(fn: (arg: A) => boolean, arg: A, options?: { timeout?: number }): Promise<unknown>;
  on(event: 'console' | 'pageerror', fn: (m: { text?: () => string; message?: string }) => void): void;
}
interface Browser {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
interface Message {
  id?: number;
  method?: string;
  params?: { uri?: string; diagnostics?: unknown[] } & Record<string, unknown>;
  result?: unknown;
  error?: { message: string };
}

// The browser's types, declared here (the project's TypeScript has no DOM library).
declare const Worker: new (url: string) => {
  onerror: ((e: { message: string }) => void) | null;
  onmessage: ((e: { data: Message }) => void) | null;
  postMessage(m: unknown): void;
};

// Runs in the page: a minimal LSP client over the worker's postMessage (the framing of
// vscode-languageserver/browser: one JSON-RPC object per message).
function startWorker(url: string): void {
  const w = new Worker(url);
  const pending = new Map<number, (m: Message) => void>();
  const notes: Message[] = [];
  const errors: string[] = [];
  const files: Record<string, string> = {};
  const asked: string[] = [];
  let seq = 0;
  w.onerror = (e) => void errors.push(e.message);
  w.onmessage = (ev) => {
    const m = ev.data;
    if (m.id !== undefined && m.method) {
      // Requests from the server: settings (defaults), registrations, the files a project config
      // extends (from `files`, as the browser client reads them through the workspace file system).
      const result =
        m.method === 'workspace/configuration'
          ? (m.params as { items: unknown[] }).items.map(() => ({}))
          : m.method === 'assistantConfig/readProjectConfigs'
            ? (m.params as { uris: string[] }).uris.map((uri) => {
                asked.push(uri);
                return { uri, text: files[uri] ?? null };
              })
            : null;
      w.postMessage({ jsonrpc: '2.0', id: m.id, result });
    } else if (m.id !== undefined) {
      pending.get(m.id)?.(m);
      pending.delete(m.id);
    } else notes.push(m);
  };
  (globalThis as unknown as { lsp: unknown }).lsp = {
    request: (method: string, params: unknown) =>
      new Promise<Message>((resolve) => {
        const id = ++seq;
        pending.set(id, resolve);
        w.postMessage({ jsonrpc: '2.0', id, method, params });
      }),
    notify: (method: string, params: unknown) => w.postMessage({ jsonrpc: '2.0', method, params }),
    notes,
    errors,
    files,
    asked,
  };
}

type PageLsp = {
  request(method: string, params: unknown): Promise<Message>;
  notify(method: string, params: unknown): void;
  notes: Message[];
  errors: string[];
  files: Record<string, string>;
  asked: string[];
};

const DOCS_BASE = 'https://extension.invalid/docs/codes/';
const YAML_URI = 'file:///w/config/prod.yaml';
// As people write it: comments, a block scalar, CRLF, a variable that no environment defines, a
// misspelt provider in the fallback.
const YAML = [
  '# Production assistant',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  systemInstructions: |',
  '    Answer briefly.',
  '  llm:',
  '    provider: vendor_a',
  '    apiKey:',
  '      valueFromEnv: AC_WEB_WORKER_TEST_UNSET',
  '    fallback:',
  '      provider: vendr_a # the backup',
  '',
].join('\r\n');
const JSON_URI = 'file:///w/deploy/config.json';
const JSON_TEXT =
  '{\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted" } },\n  "kind": "AssistantConfig"\n}\n';

const PROVIDER_LINE = 11;
const CAPS = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown'] } },
    hover: { contentFormat: ['markdown'] },
    publishDiagnostics: { relatedInformation: true, versionSupport: true },
  },
  workspace: { configuration: false, workspaceFolders: true },
};

describe('the web-worker server in headless Chromium', () => {
  let http: Server;
  let browser: Browser;
  let page: Page;
  let node: TestClient;
  const consoleLines: string[] = [];

  before(async () => {
    const bundle = readFileSync(join(ROOT, 'dist/browser/server.js'));
    http = createServer((req, res) => {
      if (req.url === '/server.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>worker test</title>');
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as { port: number }).port;
    browser = await chromium().launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
      timeout: 60_000,
    });
    page = await browser.newPage();
    page.on('console', (m) => void consoleLines.push(m.text?.() ?? ''));
    page.on('pageerror', (e) => void consoleLines.push(`pageerror: ${e.message}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(startWorker, '/server.js');
    node = new TestClient(join(ROOT, 'dist/server.js'), { env: { PATH: process.env.PATH ?? '' } });
  });

  after(async () => {
    node?.kill();
    await browser?.close();
    await new Promise((r) => http?.close(r));
  });

  const inWorker = async (method: string, params: unknown): Promise<unknown> => {
    const m = await page.evaluate(([mm, pp]) => (globalThis as unknown as { lsp: PageLsp }).lsp.request(mm, pp), [
      method,
      params,
    ] as const);
    assert.equal(m.error, undefined, `${method} failed in the worker: ${m.error?.message}`);
    return m.result;
  };
  const notifyWorker = (method: string, params: unknown): Promise<void> =>
    page.evaluate(([mm, pp]) => (globalThis as unknown as { lsp: PageLsp }).lsp.notify(mm, pp), [
      method,
      params,
    ] as const);
  const workerDiagnostics = async (uri: string, after = 0): Promise<unknown[]> => {
    await page.waitForFunction(
      ([u, n]) =>
        (globalThis as unknown as { lsp: PageLsp }).lsp.notes.filter(
          (m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === u,
        ).length > n,
      [uri, after] as const,
      // A hang limit, generous for a machine at load 20.
      { timeout: 60_000 },
    );
    return page.evaluate(
      (u) =>
        (globalThis as unknown as { lsp: PageLsp }).lsp.notes
          .filter((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === u)
          .at(-1)!.params!.diagnostics!,
      uri,
    );
  };
  /**
   * The diagnostics last published for `uri` once they satisfy `settled`: a notification can make the
   * worker publish more than once (a workspace-folder change re-validates open documents, and under
   * load that publication can arrive after a later notification was sent), so counting publications
   * does not say which state an answer reflects. Fails with the last publication's codes after 60 s (a
   * hang limit: Chromium on a machine at load 20 may take seconds to publish).
   */
  const workerDiagnosticsWhen = async <D extends { code?: unknown }>(
    uri: string,
    settled: (ds: D[]) => boolean,
  ): Promise<D[]> => {
    const deadline = Date.now() + 60_000;
    let last: D[] = [];
    for (;;) {
      last = (await page.evaluate(
        (u) =>
          (globalThis as unknown as { lsp: PageLsp }).lsp.notes
            .filter((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.uri === u)
            .at(-1)?.params?.diagnostics ?? [],
        uri,
      )) as D[];
      if (settled(last)) return last;
      if (Date.now() > deadline)
        assert.fail(
          `no publication for ${uri} reached the expected state; codes last published: ${last.map((d) => String(d.code)).join(', ')}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const both = async (method: string, params: unknown): Promise<unknown> => {
    const [w, n] = await Promise.all([inWorker(method, params), node.request<unknown>(method, params)]);
    assert.deepEqual(w, n, `${method}: the worker answers as the Node server does`);
    return w;
  };

  test('initialize: the same capabilities as the Node server, and no error in the worker', async () => {
    // The client says where the code pages are (the extension's own URL in the browser), so both
    // servers link the same pages.
    const init = { processId: null, rootUri: null, capabilities: CAPS, initializationOptions: { docsBase: DOCS_BASE } };
    const w = await inWorker('initialize', init);
    const n = await node.request<unknown>('initialize', init);
    assert.deepEqual(w, n);
    await notifyWorker('initialized', {});
    await node.conn.sendNotification('initialized', {});
    for (const [uri, text, lang] of [
      [YAML_URI, YAML, 'assistantconfig'],
      [JSON_URI, JSON_TEXT, 'assistantconfig-json'],
    ] as const) {
      const doc = { textDocument: { uri, languageId: lang, version: 1, text } };
      await notifyWorker('textDocument/didOpen', doc);
      await node.conn.sendNotification('textDocument/didOpen', doc);
    }
    assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { lsp: PageLsp }).lsp.errors, null), []);
  });

  test('diagnostics: pushed by the worker, the same as the Node server', async () => {
    const w = await workerDiagnostics(YAML_URI);
    const n = (await node.waitForDiagnostics(YAML_URI)).diagnostics;
    // The same but for what each could check for env-not-set: the Node server its environment and
    // the .env, the worker (no environment in a browser) the .env alone, which it says (slips17).
    const said = (ds: unknown, from: string, to: string): unknown =>
      (ds as { code?: string; message: string }[]).map((d) =>
        d.code === 'env-not-set' ? { ...d, message: d.message.replace(from, to) } : d,
      );
    assert.deepEqual(
      said(
        w,
        'is not defined in its .env file; the browser has no environment variables to read, so only .env files are checked.',
        '…',
      ),
      said(n, 'is defined neither in the environment nor in its .env file.', '…'),
    );
    const codes = (w as { code?: unknown }[]).map((d) => d.code);
    assert.ok(codes.includes('unknown-discriminator'), `codes: ${codes.join(', ')}`);
    assert.ok(codes.includes('env-not-set'), `codes: ${codes.join(', ')}`);
    // Each links its code page where the client said the extension keeps them.
    for (const d of w as { code?: string; codeDescription?: { href: string } }[])
      assert.equal(d.codeDescription?.href, `${DOCS_BASE}${d.code}.md`);
    assert.deepEqual(await workerDiagnostics(JSON_URI), (await node.waitForDiagnostics(JSON_URI)).diagnostics);
  });

  test('completion after `provider: `: the providers of the schema', async () => {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/assistant-config.schema.json'), 'utf8')) as {
      definitions: { LlmConfig: { properties: { provider: { enum: string[] } } } };
    };
    const providers = schema.definitions.LlmConfig.properties.provider.enum;
    const r = (await both('textDocument/completion', {
      textDocument: { uri: YAML_URI },
      position: { line: PROVIDER_LINE, character: 16 },
    })) as { items: { label: string }[] };
    const labels = r.items.map((i) => i.label);
    for (const p of providers) assert.ok(labels.includes(p!), `${p} offered (got ${labels.join(', ')})`);
  });

  test('a quick fix for the misspelt provider, identical edits', async () => {
    const diags = (await workerDiagnostics(YAML_URI)) as { code: string; range: unknown }[];
    const d = diags.find((x) => x.code === 'unknown-discriminator')!;
    const actions = (await both('textDocument/codeAction', {
      textDocument: { uri: YAML_URI },
      range: d.range,
      context: { diagnostics: [d] },
    })) as { title: string; edit?: unknown }[];
    const fix = actions.find((a) => /vendor_a/.test(a.title));
    assert.ok(fix?.edit, `a fix to vendor_a among: ${actions.map((a) => a.title).join(' | ')}`);
  });

  test('hover, symbols, folding and formatting answer as on the desktop', async () => {
    const hover = (await both('textDocument/hover', {
      textDocument: { uri: YAML_URI },
      position: { line: PROVIDER_LINE, character: 8 },
    })) as { contents?: { value: string } } | null;
    assert.ok(hover?.contents?.value, 'a hover');
    const symbols = (await both('textDocument/documentSymbol', { textDocument: { uri: YAML_URI } })) as unknown[];
    assert.ok(symbols.length > 0);
    const folds = (await both('textDocument/foldingRange', { textDocument: { uri: YAML_URI } })) as unknown[];
    assert.ok(folds.length > 0);
    await both('textDocument/formatting', {
      textDocument: { uri: JSON_URI },
      options: { tabSize: 2, insertSpaces: true },
    });
    await both('textDocument/formatting', {
      textDocument: { uri: YAML_URI },
      options: { tabSize: 2, insertSpaces: true },
    });
  });

  test('a key in a shell-style default (`${OPENAI_KEY:-…}`): literal-secret and masked, as on the desktop', async () => {
    const [key] = madeUpPasswords(2901, 1) as [string];
    const uri = 'file:///w/config/compose-default.yaml';
    const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: "\${OPENAI_KEY:-${key}}"\n`;
    const doc = { textDocument: { uri, languageId: 'assistantconfig', version: 1, text } };
    await notifyWorker('textDocument/didOpen', doc);
    await node.conn.sendNotification('textDocument/didOpen', doc);
    const w = (await workerDiagnostics(uri)) as { code?: string; range: unknown }[];
    assert.deepEqual(w, (await node.waitForDiagnostics(uri)).diagnostics);
    assert.deepEqual(
      w.map((d) => d.code),
      ['value-not-expanded', 'literal-secret'],
    );
    const hover = await both('textDocument/hover', { textDocument: { uri }, position: { line: 6, character: 20 } });
    const actions = (await both('textDocument/codeAction', {
      textDocument: { uri },
      range: w[1]!.range,
      context: { diagnostics: [w[1]] },
    })) as { title: string }[];
    const shown = JSON.stringify({ w, hover, titles: actions.map((a) => a.title) });
    assert.deepEqual(leakedRuns(shown, [key], 6), [], shown);
  });

  test('`.env` names reported by the client clear env-not-set (the worker reads no files itself)', async () => {
    const before = (await workerDiagnostics(YAML_URI)) as { code: string }[];
    assert.ok(
      before.some((d) => d.code === 'env-not-set'),
      `codes before: ${before.map((d) => d.code).join(', ')}`,
    );
    await notifyWorker('assistantConfig/dotenvNames', { names: ['AC_WEB_WORKER_TEST_UNSET'] });
    const after = await workerDiagnosticsWhen<{ code: string }>(
      YAML_URI,
      (ds) => !ds.some((d) => d.code === 'env-not-set'),
    );
    assert.ok(
      after.some((d) => d.code === 'unknown-discriminator'),
      'the other problems stay',
    );
    assert.deepEqual(
      await page.evaluate(() => (globalThis as unknown as { lsp: PageLsp }).lsp.errors, null),
      [],
      `worker errors; console: ${consoleLines.join('\n')}`,
    );
  });

  test('`.env` files reported by URI: each document takes the nearest one up within its folder, as on the desktop', async () => {
    // The workspace folder the browser client has (added after start: the same path as a desktop's).
    await notifyWorker('workspace/didChangeWorkspaceFolders', {
      event: { added: [{ uri: 'file:///w', name: 'w' }], removed: [] },
    });
    await notifyWorker('assistantConfig/dotenvNames', {
      names: [],
      // (AC_WEB_EMPTY: a line `AC_WEB_EMPTY=` there, REVIEW8 K13k.)
      files: [
        { uri: 'file:///w/deploy/.env', names: ['AC_WEB_WORKER_TEST_UNSET', 'AC_WEB_EMPTY'], empty: ['AC_WEB_EMPTY'] },
      ],
    });
    // config/ has no .env up to the folder's top: the name is not set there, and the link goes where one would be.
    // (The names were set by the test before: env-not-set comes back once the worker takes the new report.)
    const prod = await workerDiagnosticsWhen<{
      code: string;
      message: string;
      relatedInformation?: { location: { uri: string } }[];
    }>(YAML_URI, (ds) => ds.some((d) => d.code === 'env-not-set'));
    const notSet = prod.find((d) => d.code === 'env-not-set');
    assert.ok(notSet, `codes: ${prod.map((d) => d.code).join(', ')}`);
    // The browser has no environment: the message names the .env alone, and says why (slips17).
    assert.equal(
      notSet.message,
      "Variable 'AC_WEB_WORKER_TEST_UNSET' is not defined in a .env file (none found for this file); the browser has no environment variables to read, so only .env files are checked.",
    );
    assert.equal(notSet.relatedInformation?.[0]?.location.uri, 'file:///w/.env');
    // deploy/sub/ takes deploy/.env: its name is set, another is not, and the message names that file.
    const uri = 'file:///w/deploy/sub/x.assistant.yaml';
    const text =
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: AC_WEB_WORKER_TEST_UNSET}\n    fallback:\n      provider: vendor_a\n      apiKey: {valueFromEnv: AC_WEB_OTHER_UNSET}\n      fallback:\n        provider: vendor_a\n        apiKey: {valueFromEnv: AC_WEB_EMPTY}\n';
    await notifyWorker('textDocument/didOpen', {
      textDocument: { uri, languageId: 'assistantconfig', version: 1, text },
    });
    const x = (await workerDiagnostics(uri)) as { code: string; message: string }[];
    assert.deepEqual(
      x.filter((d) => d.code === 'env-not-set').map((d) => d.message),
      [
        "Variable 'AC_WEB_OTHER_UNSET' is not defined in ../.env; the browser has no environment variables to read, so only .env files are checked.",
      ],
    );
    assert.deepEqual(
      x.filter((d) => d.code === 'env-empty').map((d) => d.message),
      [
        "Variable 'AC_WEB_EMPTY' is set in ../.env but empty: the service would get an empty credential. Give it its value there.",
      ],
    );
  });

  test('the project config, and the file it extends, reported by the client apply as on the desktop (REVIEW15 D7)', async () => {
    // The Node server reads the same tree from disk: its answers are the reference.
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-web-cfg-')));
    const tree: Record<string, string> = {
      'config/.assistant-config.yaml': '# the team\nextends: ../shared/org.yaml\nexclude: ["legacy/**"]\n',
      'shared/org.yaml': 'rules:\n  unknown-discriminator: warning\n  env-not-set: off\n',
    };
    for (const [p, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), text);
    }
    try {
      // Only the `.assistant-config.yaml` is reported (what search finds); org.yaml is asked for.
      await page.evaluate(
        (t) => Object.assign((globalThis as unknown as { lsp: PageLsp }).lsp.files, { 'file:///w/shared/org.yaml': t }),
        tree['shared/org.yaml']!,
      );
      await notifyWorker('assistantConfig/projectConfigs', {
        files: [{ uri: 'file:///w/config/.assistant-config.yaml', text: tree['config/.assistant-config.yaml'] }],
      });
      type D = { code: string; severity: number; message: string };
      const shown = (ds: D[]): string[] => ds.map((d) => `${d.code}:${d.severity}`).sort();
      const web = await workerDiagnosticsWhen<D>(YAML_URI, (ds) =>
        ds.some((d) => d.code === 'unknown-discriminator' && d.severity === 2),
      );
      assert.deepEqual(await page.evaluate(() => (globalThis as unknown as { lsp: PageLsp }).lsp.asked, null), [
        'file:///w/shared/org.yaml',
      ]);
      const nodeUri = pathToFileURL(join(root, 'config/prod.yaml')).href;
      await node.open(nodeUri, YAML, 'assistantconfig', 1);
      const desktop = (await node.waitForDiagnostics(nodeUri)).diagnostics as D[];
      assert.deepEqual(shown(web), shown(desktop));
      assert.ok(!web.some((d) => d.code === 'env-not-set'), JSON.stringify(web));
      // Excluded by the team's config: nothing, as on the desktop.
      const legacy = 'file:///w/config/legacy/old.assistant.yaml';
      await notifyWorker('textDocument/didOpen', {
        textDocument: { uri: legacy, languageId: 'assistantconfig', version: 1, text: YAML },
      });
      assert.deepEqual(await workerDiagnostics(legacy), []);
      // The client reports again (a watched file changed): the worker follows; no report, no config.
      await page.evaluate(
        () =>
          void ((globalThis as unknown as { lsp: PageLsp }).lsp.files['file:///w/shared/org.yaml'] =
            'rules:\n  unknown-discriminator: info\n'),
        null,
      );
      await notifyWorker('assistantConfig/projectConfigs', {
        files: [{ uri: 'file:///w/config/.assistant-config.yaml', text: tree['config/.assistant-config.yaml'] }],
      });
      await workerDiagnosticsWhen<D>(YAML_URI, (ds) =>
        ds.some((d) => d.code === 'unknown-discriminator' && d.severity === 3),
      );
      await notifyWorker('assistantConfig/projectConfigs', { files: [] });
      await workerDiagnosticsWhen<D>(YAML_URI, (ds) =>
        ds.some((d) => d.code === 'unknown-discriminator' && d.severity === 1),
      );
      assert.deepEqual(
        await page.evaluate(() => (globalThis as unknown as { lsp: PageLsp }).lsp.errors, null),
        [],
        `worker errors; console: ${consoleLines.join('\n')}`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

const REDIRECT_SECRET = 'Rq8Lm3Xz7Tp2Wk9Hc4Vb';

describe("Test Connection in the browser: fetch, and a refusal reported as the browser's", () => {
  let services: Server;
  let browser: Browser;
  let page: Page;
  let port = 0;

  before(async () => {
    // Two origins on loopback: the page, and a "service" that allows calls from web pages only on
    // /cors (like a service with CORS configured) and not on /plain.
    services = createServer((req, res) => {
      if (req.url === '/')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>fetch test</title>');
      const cors = req.url?.startsWith('/cors')
        ? { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
        : {};
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      // A redirect whose Location carries a credential, and a 407 (REVIEW4 G7, G8 in the browser).
      if (req.url?.startsWith('/cors/redirect'))
        return void res.writeHead(302, { location: `/cors/threads?k=${REDIRECT_SECRET}`, ...cors }).end();
      if (req.url?.startsWith('/cors/407'))
        return void res.writeHead(407, { 'proxy-authenticate': 'Basic realm="corp"', ...cors }).end();
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{"threads":[]}');
    });
    await new Promise<void>((r) => services.listen(0, '127.0.0.1', r));
    port = (services.address() as { port: number }).port;
    // Test Connection as the browser client bundles it (the same esbuild options as dist/browser/).
    const esbuild = await import('esbuild');
    const built = await esbuild.build({
      ...webBuildOptions(ROOT),
      stdin: {
        contents:
          "export { httpRequest } from './server/src/connection/fetchHttp';\nexport { runTestConnection, formatReport, TokenCache } from './server/src/shared/testConnection';\n",
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'FetchHttp',
      logLevel: 'silent',
    });
    browser = await chromium().launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
      ],
      timeout: 60_000,
    });
    page = await browser.newPage();
    // The page is served from `localhost`, the service is called at 127.0.0.1: another origin.
    await page.goto(`http://localhost:${port}/`);
    await page.addScriptTag({ content: built.outputFiles[0]!.text });
  });

  after(async () => {
    await browser?.close();
    await new Promise((r) => services?.close(r));
  });

  type Outcome = {
    status?: number;
    body?: string;
    error?: { name: string; kind: string; code?: string; message: string };
  };
  const call = (path: string): Promise<Outcome> =>
    page.evaluate(async (url) => {
      const lib = (
        globalThis as unknown as {
          FetchHttp: { httpRequest(r: unknown, s: unknown): Promise<{ status: number; body: { toString(): string } }> };
        }
      ).FetchHttp;
      try {
        const r = await lib.httpRequest(
          { method: 'GET', url: new URL(url), headers: { authorization: 'Bearer not-a-real-token' } },
          { timeoutMs: 10_000, connectTimeoutMs: 5_000, maxResponseBytes: 1 << 20, env: {} },
        );
        return { status: r.status, body: r.body.toString() };
      } catch (e) {
        const err = e as { name: string; kind: string; code?: string; message: string };
        return { error: { name: err.name, kind: err.kind, code: err.code, message: err.message } };
      }
    }, `http://127.0.0.1:${port}${path}`);

  test('a service that allows calls from web pages answers through fetch', async () => {
    const r = await call('/cors/threads');
    assert.deepEqual(r, { status: 200, body: '{"threads":[]}' });
  });

  test('a redirect is an opaque redirect in Chromium: refused, nothing of its Location printed', async () => {
    const r = await call('/cors/redirect');
    assert.equal(r.error?.kind, 'redirect-refused', JSON.stringify(r));
    assert.match(r.error!.message, /redirected; not followed/);
    assert.ok(!r.error!.message.includes(REDIRECT_SECRET.slice(0, 6)), 'nothing of the Location');
  });

  test('a 407 from the address itself: Chromium does not let the page see it (reported as the browser refusing), or it is `proxy`', async () => {
    const r = await call('/cors/407');
    assert.ok(r.error, JSON.stringify(r));
    // Either way no HTTP status of 407 is taken for an answer of the service.
    assert.ok(
      (r.error.kind === 'proxy' && /407/.test(r.error.message)) || r.error.code === 'BROWSER_BLOCKED',
      JSON.stringify(r.error),
    );
    console.log(`Chromium and a 407: ${r.error.kind} (${r.error.code ?? 'no code'})`);
  });

  test('a service that does not (CORS): the report says it was the browser and how to run it elsewhere', async () => {
    const r = await call('/plain/threads');
    assert.equal(r.error?.name, 'NetError');
    assert.equal(r.error?.code, 'BROWSER_BLOCKED');
    assert.match(r.error!.message, /browser/i);
    assert.match(r.error!.message, /CORS/);
    assert.match(r.error!.message, /VS Code desktop/);
    assert.match(r.error!.message, /npx assistant-config test-connection/);
    assert.ok(!r.error!.message.includes('not-a-real-token'), 'no credential in the message');
  });

  test('the whole Test Connection run in the browser: the report says the browser refused, and where to run it instead', async () => {
    const pat = 'pat_' + 'Zq7'.repeat(14);
    const out = await page.evaluate(
      async ([base, token]) => {
        type Lib = {
          runTestConnection(
            o: unknown,
            c: unknown,
          ): Promise<{ ok: boolean; steps: { name: string; status: string; message: string }[] }>;
          formatReport(r: unknown, secrets: string[]): string;
          TokenCache: new () => unknown;
        };
        const lib = (globalThis as unknown as { FetchHttp: Lib }).FetchHttp;
        const options = {
          baseUrl: `${base}/plain/v1`,
          tokenRefreshUrl: `${base}/plain/auth/refresh`,
          projectId: '123e4567-e89b-12d3-a456-426614174000',
          env: {},
          tokenCache: new lib.TokenCache(),
          timeoutMs: 15_000,
        };
        const report = await lib.runTestConnection(options, { pat: token });
        return {
          ok: report.ok,
          steps: report.steps.map((st) => `${st.name}:${st.status}`),
          text: lib.formatReport(report, [token]),
        };
      },
      [`http://127.0.0.1:${port}`, pat] as const,
    );
    assert.equal(out.ok, false);
    assert.ok(out.steps.includes('token-refresh:fail'), out.steps.join(' '));
    assert.match(out.text, /browser/i);
    assert.match(out.text, /CORS/);
    assert.match(out.text, /VS Code desktop/);
    assert.match(out.text, /npx assistant-config test-connection/);
    assert.ok(!out.text.includes(pat) && !out.text.includes(pat.slice(4, 24)), 'no part of the PAT in the report');
  });
});
