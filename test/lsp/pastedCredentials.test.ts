// No run of 4 characters of a credential pasted into a config reaches what the language server sends
// (redteam19), over stdio with the trace on: diagnostics (messages, related information), code
// actions (titles, their diagnostics, commands; not the text their edits write, which is the user's
// own going back into a file), hover, completion (labels, details, documentation, resolved), inlay
// hints, code lenses, the outline, links, rename's answers and errors, formatting's refusal, and every
// notification (window/logMessage, window/showMessage, $/logTrace, telemetry) and its standard error.
// A project config, a .env and the settings hold the credential too. The credentials and where they
// are written: test/pastedCredentials.ts (fixed seed, printed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Trace } from 'vscode-languageserver-protocol/node';
import { TestClient } from '../protocol/lspClient';
import { echoViews } from '../helpers';
import { PASTED_SEED, pastedCredentials, placements } from '../pastedCredentials';

console.log(`pastedCredentials (language server): seed ${PASTED_SEED}`);
const RUN = 4;

/** The first run of RUN characters of the secret found in the text (case aside), with what stands before it. */
function leak(text: string, secret: string): string | undefined {
  const views = [text, ...echoViews(text)].map((v) => v.toLowerCase());
  const s = secret.toLowerCase();
  for (let i = 0; i + RUN <= s.length; i++) {
    const run = s.slice(i, i + RUN);
    const view = views.find((v) => v.includes(run));
    if (view === undefined) continue;
    const at = view.indexOf(run);
    return `'${run}' in …${view.slice(Math.max(0, at - 160), at + 40).replace(/\s+/g, ' ')}`;
  }
  return undefined;
}

/**
 * What a value shows, as JSON: without the text edits write (`newText`, `insertText`: the user's text
 * going back into the file it came from) and a completion's `filterText` (matched against what the
 * user types at the place, never shown: an alias's anchor name as written, so that `*sk` finds it).
 */
const UNSHOWN = new Set(['newText', 'insertText', 'filterText']);
const shown = (v: unknown): string => JSON.stringify(v, (k, x: unknown) => (UNSHOWN.has(k) ? undefined : x)) ?? '';

interface Pos {
  line: number;
  character: number;
}

/** Where to ask: the start and middle of every word, and the end of every line. */
function positions(text: string): Pos[] {
  const out: Pos[] = [];
  text.split(/\r?\n/).forEach((l, line) => {
    for (const m of l.matchAll(/[^\s:,{}[\]#'"]+/g)) {
      out.push({ line, character: m.index });
      out.push({ line, character: m.index + Math.floor(m[0].length / 2) });
    }
    out.push({ line, character: l.length });
  });
  return out;
}

for (const c of pastedCredentials()) {
  test(`language server: ${c.name}: no run of ${RUN} of it in anything it sends`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pasted-lsp-'));
    const t = c.text;
    if (!c.shapeless)
      writeFileSync(join(dir, '.assistant-config.yaml'), `rules:\n  ${t}: off\n  literal-secret: ${t}\n${t}: 1\n`);
    writeFileSync(join(dir, '.env'), `K=${t}\nexport VENDOR_KEY="${t}"\n${t}\n`);
    const notes: string[] = [];
    const client = new TestClient(undefined, {
      pull: false,
      configuration: true,
      rootUri: pathToFileURL(dir).href,
      initializationOptions: { trusted: true },
      settings: () => ({
        suppress: c.shapeless ? [] : [t],
        trace: { server: 'verbose' },
      }),
    });
    client.conn.onUnhandledNotification((n) => notes.push(`${n.method} ${JSON.stringify(n.params)}`));
    /** The first leak of each placement and request. */
    const found = new Map<string, string>();
    const check = (what: string, v: unknown): void => {
      const l = found.has(what) ? undefined : leak(typeof v === 'string' ? v : shown(v), c.secret);
      if (l) found.set(what, `${what}: ${l}`);
    };
    const ask = async (what: string, method: string, params: unknown): Promise<unknown> => {
      try {
        const r = await client.request(method, params);
        check(`${what} ${method}`, r);
        return r;
      } catch (e) {
        check(`${what} ${method} error`, e instanceof Error ? e.message : String(e));
        return undefined;
      }
    };
    try {
      await client.initialize();
      // The trace on, as VS Code's assistantConfig.trace.server sets it: the server's $/logTrace lines kept
      // (the client's own lines about what it sent and received are the requests checked below).
      await client.conn.trace(
        Trace.Verbose,
        {
          log: (m: unknown, data?: string) => {
            if (typeof m === 'string' && !/^(?:Sending|Received) /.test(m)) notes.push(`$/logTrace ${m} ${data ?? ''}`);
          },
        },
        true,
      );
      const list = placements(c);
      for (const [i, p] of list.entries()) {
        const uri = pathToFileURL(join(dir, `p${String(i).padStart(2, '0')}.assistant.${p.language}`)).href;
        writeFileSync(new URL(uri), p.text);
        const what = `${p.name}:`;
        await client.open(uri, p.text, p.language === 'json' ? 'assistantconfig-json' : 'assistantconfig');
        const diags = await client.waitForDiagnostics(uri);
        check(`${what} diagnostics`, diags);
        const textDocument = { uri };
        const lines = p.text.split(/\r?\n/).length;
        const all = { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } };
        for (const m of ['textDocument/documentSymbol', 'textDocument/codeLens', 'textDocument/documentLink'])
          await ask(what, m, { textDocument });
        await ask(what, 'textDocument/inlayHint', { textDocument, range: all });
        await ask(what, 'textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } });
        await ask(what, 'textDocument/codeAction', {
          textDocument,
          range: all,
          context: { diagnostics: diags.diagnostics },
        });
        for (const d of diags.diagnostics)
          await ask(what, 'textDocument/codeAction', { textDocument, range: d.range, context: { diagnostics: [d] } });
        for (const position of positions(p.text)) {
          await ask(what, 'textDocument/hover', { textDocument, position });
          await ask(what, 'textDocument/prepareRename', { textDocument, position });
          await ask(what, 'textDocument/rename', { textDocument, position, newName: 'renamed' });
        }
        // Completion at each line's end and inside each word; the first items resolved (their documentation).
        for (const position of positions(p.text).filter((_, k) => k % 2 === 0)) {
          const r = (await ask(what, 'textDocument/completion', { textDocument, position })) as
            { items?: unknown[] } | unknown[] | undefined;
          const items = Array.isArray(r) ? r : (r?.items ?? []);
          for (const it of items.slice(0, 8)) await ask(what, 'completionItem/resolve', it);
        }
        await client.conn.sendNotification('textDocument/didClose', { textDocument });
      }
      check('notifications', notes.join('\n'));
      check('showMessage', client.messages);
      // The channels were used: the trace, the log, warnings about the project config and the settings.
      if (process.env.PASTED_DEBUG) console.log(notes.slice(0, 30).join('\n'), JSON.stringify(client.messages));
      assert.match(notes.join('\n'), /\$\/logTrace .*Server: Hover answered/);
      if (!c.shapeless) {
        assert.ok(
          client.messages.some((m) => m.message.includes('.assistant-config.yaml')),
          'the project config is told',
        );
        assert.ok(
          client.messages.some((m) => m.message.includes('AssistantConfig settings')),
          'the settings are told',
        );
      }
      assert.equal(await client.shutdown(), 0);
    } finally {
      client.kill();
      rmSync(dir, { recursive: true, force: true });
    }
    check('standard error', client.stderr);
    assert.deepEqual([...found.values()], []);
  });
}
