// A minimal LSP client over stdio, for measuring language servers: cold start, open → first
// diagnostics (pushed, or pulled when the server offers `textDocument/diagnostic`), a one-character
// edit → new diagnostics, completion, hover, and the peak resident memory of the server process.
// Works with any LSP server; `oursServer` and `peerServer` describe the two the benchmark compares.

/* global setInterval, clearInterval */
import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node.js';

// Servers still running when this process leaves are killed (a peer may be busy for minutes).
const live = new Set();
process.on('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

export class TimeoutError extends Error {
  constructor(what, ms) {
    super(`${what}: no answer within ${ms} ms`);
    this.name = 'TimeoutError';
    this.timeout = true;
  }
}

/** `promise`, or a TimeoutError after `ms` milliseconds. */
export function withTimeout(promise, ms, what) {
  if (!ms || ms === Infinity) return promise;
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
    }),
  ]);
}

const CLIENT_CAPABILITIES = {
  general: { positionEncodings: ['utf-16'] },
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    workspaceFolders: false,
    diagnostics: { refreshSupport: false },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, willSave: false, willSaveWaitUntil: false, didSave: false },
    completion: {
      dynamicRegistration: false,
      contextSupport: true,
      completionItem: {
        snippetSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        insertReplaceSupport: true,
        labelDetailsSupport: true,
        resolveSupport: { properties: ['documentation', 'detail'] },
      },
      completionItemKind: { valueSet: Array.from({ length: 25 }, (_, i) => i + 1) },
    },
    hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: {
      relatedInformation: true,
      versionSupport: true,
      codeDescriptionSupport: true,
      dataSupport: true,
    },
    diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
  },
  window: { workDoneProgress: false },
};

/** Client capabilities without pull diagnostics: servers that offer both then push. */
function withoutPull(caps) {
  const textDocument = { ...caps.textDocument };
  delete textDocument.diagnostic;
  return { ...caps, textDocument };
}

/** The value at a dotted `section` of a settings object (the whole object when there is none). */
function section(settings, name) {
  if (!name) return settings;
  if (Object.prototype.hasOwnProperty.call(settings, name)) return settings[name];
  let cur = settings;
  for (const part of name.split('.')) {
    if (cur === null || typeof cur !== 'object' || !(part in cur)) return null;
    cur = cur[part];
  }
  return cur;
}

/** Text of a hover's contents, whatever its shape. */
export function hoverText(hover) {
  if (!hover) return '';
  const flat = (c) =>
    typeof c === 'string'
      ? c
      : Array.isArray(c)
        ? c.map(flat).join('\n')
        : c && typeof c.value === 'string'
          ? c.value
          : '';
  return flat(hover.contents);
}

/** Reads the server's peak (VmHWM) and current (VmRSS) resident memory, in KiB, from /proc. */
export function procMemoryKb(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const get = (k) => {
      const m = new RegExp(`^${k}:\\s+(\\d+)\\s+kB`, 'm').exec(s);
      return m ? Number(m[1]) : 0;
    };
    return { hwm: get('VmHWM'), rss: get('VmRSS') };
  } catch {
    return { hwm: 0, rss: 0 };
  }
}

/** CPU time (user + system) the process has used so far, in ms (from /proc; 10 ms resolution). */
export function procCpuMs(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted after the command name: indexes 11 and 12.
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * A running language server and the connection to it.
 * Use `LspSession.start(spec)`; a spec is { name, command, args, cwd?, env?, settings?, initializationOptions?, languageId }.
 */
export class LspSession {
  constructor(spec) {
    this.spec = spec;
    this.name = spec.name ?? spec.command;
    this.settings = spec.settings ?? {};
    this.capabilities = {};
    this.registrations = new Map();
    this.docs = new Map();
    this.published = new Map(); // uri → { seq, version, diagnostics }
    this.waiters = [];
    this.stderr = '';
    this.log = [];
    this.configRequests = 0;
    this.exited = false;
    this.maxRssKb = 0;
    this.coldStartMs = NaN;
  }

  /** Spawns the server and answers `initialize`: the time to that answer is `coldStartMs`. */
  static async start(spec, { timeoutMs = 30000 } = {}) {
    const s = new LspSession(spec);
    await s.#start(timeoutMs);
    return s;
  }

  async #start(timeoutMs) {
    const spec = this.spec;
    const t0 = performance.now();
    const proc = spawn(spec.command, spec.args ?? [], {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.proc = proc;
    this.pid = proc.pid;
    live.add(proc);
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d) => {
      this.stderr = (this.stderr + d).slice(-8000);
    });
    const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
    this.exitedPromise = exited;
    exited.then((r) => {
      live.delete(proc);
      this.exited = true;
      this.exitInfo = r;
      for (const w of this.waiters.splice(0))
        w.reject(new Error(`${this.name} exited (${r.code ?? r.signal}) ${this.stderr.slice(-500)}`));
    });
    proc.on('error', (e) => {
      this.stderr += `\nspawn error: ${e.message}`;
    });
    this.rssTimer = setInterval(() => this.#sampleRss(), 100);
    this.rssTimer.unref?.();

    const reader = new StreamMessageReader(proc.stdout);
    // No partial-message timer: vscode-jsonrpc re-arms it for ever when a server dies mid-message,
    // which keeps this process alive (see test/protocol/lspClient.ts).
    reader.partialMessageTimeout = 0;
    const conn = createProtocolConnection(reader, new StreamMessageWriter(proc.stdin));
    this.conn = conn;
    conn.onError(() => {});
    conn.onRequest('workspace/configuration', (params) => {
      this.configRequests++;
      return (params.items ?? []).map((it) => section(this.settings, it.section) ?? null);
    });
    conn.onRequest('client/registerCapability', (params) => {
      for (const r of params.registrations ?? []) this.registrations.set(r.method, r);
      return null;
    });
    conn.onRequest('client/unregisterCapability', (params) => {
      for (const r of params.unregisterations ?? params.unregistrations ?? []) this.registrations.delete(r.method);
      return null;
    });
    conn.onRequest('workspace/workspaceFolders', () => null);
    conn.onRequest(() => null);
    conn.onNotification('textDocument/publishDiagnostics', (p) => this.#onPublish(p));
    conn.onNotification((method, params) => {
      if (method === 'window/logMessage' || method === 'window/showMessage') {
        this.log.push(params?.message ?? '');
        if (this.log.length > 50) this.log.shift();
      }
    });
    conn.listen();

    const init = conn.sendRequest('initialize', {
      processId: process.pid,
      clientInfo: { name: 'assistant-config-bench', version: '1' },
      rootUri: spec.cwd ? pathToFileURL(spec.cwd).href : null,
      workspaceFolders: null,
      capabilities: spec.pullDiagnostics === false ? withoutPull(CLIENT_CAPABILITIES) : CLIENT_CAPABILITIES,
      initializationOptions: spec.initializationOptions,
      trace: 'off',
    });
    const result = await withTimeout(
      Promise.race([
        init,
        exited.then((r) =>
          Promise.reject(
            new Error(`${this.name} exited before initialize (${r.code ?? r.signal}): ${this.stderr.slice(-1000)}`),
          ),
        ),
      ]),
      timeoutMs,
      `${this.name} initialize`,
    );
    this.coldStartMs = performance.now() - t0;
    this.coldStartCpuMs = procCpuMs(this.pid);
    this.capabilities = result?.capabilities ?? {};
    this.serverInfo = result?.serverInfo;
    conn.sendNotification('initialized', {});
  }

  #sampleRss() {
    if (this.exited) return;
    const m = procMemoryKb(this.pid);
    this.maxRssKb = Math.max(this.maxRssKb, m.rss, m.hwm);
  }

  /** Peak resident memory of the server so far, in KiB (VmHWM, or the largest VmRSS sampled). */
  peakRssKb() {
    this.#sampleRss();
    return this.maxRssKb;
  }

  /** CPU time the server has used so far, ms (NaN where /proc is missing). */
  cpuMs() {
    return procCpuMs(this.pid);
  }

  /** 1 = full text, 2 = incremental. */
  get syncKind() {
    const s = this.capabilities.textDocumentSync;
    if (typeof s === 'number') return s;
    return s?.change ?? 1;
  }

  /** 'pull' when the server offers `textDocument/diagnostic` (statically or by registration), else 'push'. */
  get diagnosticMode() {
    if (this.spec.diagnosticMode) return this.spec.diagnosticMode;
    return this.capabilities.diagnosticProvider || this.registrations.has('textDocument/diagnostic') ? 'pull' : 'push';
  }

  /**
   * Sends the settings (`workspace/didChangeConfiguration`) and waits until the server has asked for
   * them through `workspace/configuration` (if it does), plus `settleMs`.
   */
  async configure({ settleMs = 150, timeoutMs = 3000 } = {}) {
    const before = this.configRequests;
    this.conn.sendNotification('workspace/didChangeConfiguration', { settings: this.settings });
    const t0 = performance.now();
    while (this.configRequests === before && performance.now() - t0 < timeoutMs && !this.exited) await sleep(10);
    await sleep(settleMs);
  }

  #onPublish(p) {
    const prev = this.published.get(p.uri);
    const rec = { seq: (prev?.seq ?? 0) + 1, version: p.version, diagnostics: p.diagnostics ?? [] };
    this.published.set(p.uri, rec);
    for (const w of [...this.waiters]) {
      if (w.uri !== p.uri || rec.seq <= w.afterSeq) continue;
      if (typeof p.version === 'number' && typeof w.version === 'number' && p.version < w.version) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(rec);
    }
  }

  #nextPublish(uri, afterSeq, version) {
    if (this.exited) return Promise.reject(new Error(`${this.name} has exited`));
    return new Promise((resolve, reject) => this.waiters.push({ uri, afterSeq, version, resolve, reject }));
  }

  async #pull(uri) {
    const doc = this.docs.get(uri);
    for (let attempt = 0; ; attempt++) {
      try {
        const params = { textDocument: { uri } };
        const id = this.capabilities.diagnosticProvider?.identifier;
        if (id) params.identifier = id;
        if (doc?.resultId) params.previousResultId = doc.resultId;
        const r = await this.conn.sendRequest('textDocument/diagnostic', params);
        if (doc && r?.resultId) doc.resultId = r.resultId;
        if (r?.kind === 'unchanged') return doc?.lastDiagnostics ?? [];
        const items = r?.items ?? [];
        if (doc) doc.lastDiagnostics = items;
        return items;
      } catch (e) {
        // ServerCancelled (-32802) asks the client to retrigger; ContentModified (-32801) too.
        if ((e?.code === -32802 || e?.code === -32801) && attempt < 100) continue;
        throw e;
      }
    }
  }

  /** Diagnostics after a document change: pulled, or the next push for `uri` at `version`. */
  async #diagnosticsAfter(send, uri, version, timeoutMs, what, during) {
    const t0 = performance.now();
    let diagnostics;
    if (this.diagnosticMode === 'pull') {
      send();
      if (during) await during();
      diagnostics = await withTimeout(this.#pull(uri), timeoutMs, what);
    } else {
      const seq = this.published.get(uri)?.seq ?? 0;
      const next = this.#nextPublish(uri, seq, version);
      next.catch(() => {});
      send();
      if (during) await during();
      diagnostics = (await withTimeout(next, timeoutMs, what)).diagnostics;
    }
    return { ms: performance.now() - t0, diagnostics };
  }

  /** Opens a document; resolves with the time to its first diagnostics and those diagnostics. */
  open(uri, text, { languageId = this.spec.languageId ?? 'plaintext', timeoutMs = 60000 } = {}) {
    const doc = { uri, text, version: 1, starts: lineStarts(text), languageId };
    this.docs.set(uri, doc);
    return this.#diagnosticsAfter(
      () => this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } }),
      uri,
      1,
      timeoutMs,
      `${this.name} open→diagnostics`,
    );
  }

  /**
   * Replaces the one character at `pos` with `ch` (full or incremental sync, as the server asks);
   * resolves with the time to the new diagnostics.
   */
  replaceChar(uri, pos, ch, { timeoutMs = 60000, during } = {}) {
    const doc = this.docs.get(uri);
    if (!doc) throw new Error(`${uri} is not open`);
    const offset = doc.starts[pos.line] + pos.character;
    doc.text = doc.text.slice(0, offset) + ch + doc.text.slice(offset + 1);
    doc.version++;
    const version = doc.version;
    const contentChanges =
      this.syncKind === 2
        ? [{ range: { start: pos, end: { line: pos.line, character: pos.character + 1 } }, text: ch }]
        : [{ text: doc.text }];
    return this.#diagnosticsAfter(
      () => this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges }),
      uri,
      version,
      timeoutMs,
      `${this.name} edit→diagnostics`,
      during,
    );
  }

  /**
   * Replaces the text between two positions (of the current text) with `text`, which may hold line breaks
   * (Enter, deleting or pasting lines); resolves when the new diagnostics arrive.
   */
  editRange(uri, start, end, text, { timeoutMs = 60000 } = {}) {
    const doc = this.docs.get(uri);
    if (!doc) throw new Error(`${uri} is not open`);
    const a = doc.starts[start.line] + start.character;
    const b = doc.starts[end.line] + end.character;
    doc.text = doc.text.slice(0, a) + text + doc.text.slice(b);
    doc.starts = lineStarts(doc.text);
    doc.version++;
    const version = doc.version;
    const contentChanges = this.syncKind === 2 ? [{ range: { start, end }, text }] : [{ text: doc.text }];
    return this.#diagnosticsAfter(
      () => this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges }),
      uri,
      version,
      timeoutMs,
      `${this.name} structural edit→diagnostics`,
    );
  }

  /** The text of line `line` of the client's copy (without its line break). */
  lineText(uri, line) {
    const doc = this.docs.get(uri);
    const s = doc.starts[line];
    const e = line + 1 < doc.starts.length ? doc.starts[line + 1] : doc.text.length;
    return doc.text.slice(s, e).replace(/\r?\n$/, '');
  }

  /**
   * A one-character edit immediately followed by a completion request (which must not wait for the
   * validation the edit starts); resolves with the completion's time, then waits for the diagnostics.
   */
  async replaceCharThenComplete(uri, pos, ch, completionPos, { timeoutMs = 60000 } = {}) {
    let completion;
    const diag = this.replaceChar(uri, pos, ch, {
      timeoutMs,
      during: async () => (completion = await this.completion(uri, completionPos, { timeoutMs })),
    });
    const d = await diag;
    return { completionMs: completion.ms, items: completion.items, diagnosticsMs: d.ms };
  }

  /** The character at `pos` in the client's copy of the document. */
  charAt(uri, pos) {
    const doc = this.docs.get(uri);
    return doc.text[doc.starts[pos.line] + pos.character];
  }

  close(uri) {
    this.docs.delete(uri);
    this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async completion(uri, position, { timeoutMs = 60000 } = {}) {
    const t0 = performance.now();
    const r = await withTimeout(
      this.conn.sendRequest('textDocument/completion', {
        textDocument: { uri },
        position,
        context: { triggerKind: 1 },
      }),
      timeoutMs,
      `${this.name} completion`,
    );
    const ms = performance.now() - t0;
    const items = Array.isArray(r) ? r : (r?.items ?? []);
    return { ms, items };
  }

  async hover(uri, position, { timeoutMs = 60000 } = {}) {
    const t0 = performance.now();
    const r = await withTimeout(
      this.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position }),
      timeoutMs,
      `${this.name} hover`,
    );
    return { ms: performance.now() - t0, hover: r, text: hoverText(r) };
  }

  /** Kills the server at once (after a timeout: it may be busy for a long while). */
  kill() {
    clearInterval(this.rssTimer);
    try {
      this.conn.dispose();
    } catch {
      /* already gone */
    }
    if (!this.exited) this.proc.kill('SIGKILL');
  }

  /** `shutdown` then `exit`; kills the server if it does not leave within `timeoutMs`. */
  async stop({ timeoutMs = 3000 } = {}) {
    this.peakRssKb();
    clearInterval(this.rssTimer);
    if (this.exited) return;
    try {
      await withTimeout(this.conn.sendRequest('shutdown'), timeoutMs, 'shutdown');
      this.conn.sendNotification('exit');
      await withTimeout(this.exitedPromise, timeoutMs, 'exit');
    } catch {
      /* fall through to kill */
    }
    this.kill();
  }
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Our server (`dist/server.js --stdio`); the environment defines the given variable names. */
export function oursServer(root, { envNames = [], serverPath = join(root, 'dist/server.js'), settings } = {}) {
  const env = { ...process.env };
  for (const n of envNames) env[n] = env[n] ?? 'bench-placeholder';
  return {
    name: 'ours',
    command: process.execPath,
    args: [serverPath, '--stdio'],
    cwd: root,
    env,
    languageId: 'assistantconfig',
    jsonLanguageId: 'assistantconfig-json',
    fileSuffix: '.assistant.yaml',
    jsonFileSuffix: '.assistant.json',
    settings: settings ?? { assistantConfig: {} },
    // As the VS Code client declares itself (client/src/glue.ts, VSCODE_CLIENT_COMMANDS): its lenses and commands.
    initializationOptions: {
      clientCommands: [
        'assistantConfig.testConnection',
        'workbench.action.openSettings',
        'editor.action.triggerSuggest',
      ],
      labelLenses: true,
    },
  };
}

/** yaml-language-server from bench/node_modules, given our JSON Schema through its settings. */
export function peerServer(root) {
  const schemaUrl = pathToFileURL(join(root, 'schemas/assistant-config.schema.json')).href;
  return {
    name: 'yaml-language-server',
    command: process.execPath,
    args: [join(root, 'bench/node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'],
    cwd: root,
    env: { ...process.env },
    languageId: 'yaml',
    jsonLanguageId: 'yaml',
    fileSuffix: '.assistant.yaml',
    jsonFileSuffix: '.assistant.json',
    settings: {
      yaml: {
        schemas: { [schemaUrl]: ['*.assistant.yaml', '*.assistant.json', '*.yaml'] },
        validate: true,
        completion: true,
        hover: true,
        format: { enable: false },
        schemaStore: { enable: false },
        maxItemsComputed: 5000,
        keyOrdering: false,
      },
      http: { proxy: '', proxyStrictSSL: false },
      '[yaml]': {},
      editor: { tabSize: 2 },
      files: { associations: {} },
    },
  };
}

export function peerInstalled(root) {
  return existsSync(join(root, 'bench/node_modules/yaml-language-server/bin/yaml-language-server'));
}

export function oursBuilt(root) {
  return existsSync(join(root, 'dist/server.js'));
}
