// The README's recipes for other editors (Neovim, Helix, Emacs, Sublime Text) work as written: each starts
// the package's server bin with --stdio, attaches it to the six names of "Which files" (and, by name,
// to nothing else), and the language id and the settings each editor sends reach the server as meant.
// The recipes are read from README.md itself, so an edit there that breaks one fails here.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationRequest } from 'vscode-languageserver-protocol/node';
import { TestClient } from './lspClient';
import { ROOT } from '../helpers';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('\n## Other editors'), readme.indexOf('\n## Diagnostic codes'));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  contributes: { configuration: { properties: Record<string, unknown> } };
};

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

/** The code block of `lang` in the Other editors section (exactly one each). */
function block(lang: string): string {
  const found = [...section.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  assert.equal(found.length, 1, `one \`\`\`${lang} block under "Other editors"`);
  return found[0]!;
}

/**
 * The bracketed text that follows `marker` (after `within`, when given): from the first `{`, `(` or `[`
 * after it to its matching closing bracket.
 */
function balanced(text: string, marker: string, within?: string): string {
  const from = within === undefined ? 0 : text.indexOf(within);
  const at = text.indexOf(marker, Math.max(from, 0));
  assert.ok(from >= 0 && at >= 0, `'${marker}' in the recipe`);
  const pairs: Record<string, string> = { '{': '}', '(': ')', '[': ']' };
  const start = text.slice(at + marker.length).search(/[{([]/) + at + marker.length;
  const opener = text[start]!;
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === opener) depth++;
    else if (text[i] === pairs[opener] && --depth === 0) return text.slice(start, i + 1);
  }
  assert.fail(`no closing bracket after '${marker}'`);
}

/** A Lua table or TOML inline table of the recipes' shape (names, strings, booleans, numbers) as a value. */
function tableToJson(text: string): unknown {
  const json = text
    .replace(/'/g, '"')
    .replace(/([{,]\s*)\[?"?([A-Za-z_][\w.-]*)"?\]?\s*=/g, '$1"$2":')
    .replace(/,(\s*})/g, '$1');
  return JSON.parse(json);
}

/** An Elisp plist of the recipe's shape (`(:key value …)`, `t`, `:json-false`, strings, numbers) as JSON. */
function plistToJson(text: string): unknown {
  const tokens = text.match(/\(|\)|"(?:[^"\\]|\\.)*"|[^\s()]+/g) ?? [];
  let i = 0;
  const value = (): unknown => {
    const t = tokens[i++]!;
    if (t === '(') {
      const o: Record<string, unknown> = {};
      while (tokens[i] !== ')') {
        const k = tokens[i++]!;
        assert.ok(k.startsWith(':'), `plist key ${k}`);
        o[k.slice(1)] = value();
      }
      i++;
      return o;
    }
    if (t === 't') return true;
    if (t === ':json-false') return false;
    if (t.startsWith('"')) return JSON.parse(t);
    return Number(t);
  };
  return value();
}

/** `settings` answered to workspace/configuration as these editors do: the value at the section's path. */
function atSection(root: unknown, section: string | undefined): unknown {
  let v = root;
  for (const part of (section ?? '').split('.').filter(Boolean))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v ?? null;
}

/** Sublime LSP keeps settings in a dotted dictionary: `"a.b.c": x` is read as `{ a: { b: { c: x } } }`. */
function expandDotted(o: unknown): unknown {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return o;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    const parts = k.split('.');
    let at = out;
    for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[parts[parts.length - 1]!] = expandDotted(v);
  }
  return out;
}

const luaPatternToRegExp = (p: string): RegExp =>
  new RegExp('^' + p.replace(/%(.)|\\/g, (m, c: string | undefined) => (c ? '\\' + c : '\\\\')) + '$');

// Helix: a glob is matched against the full path, with `*/` put in front unless it starts with `/` or `*`.
function helixGlob(glob: string): RegExp {
  const g = glob.startsWith('/') || glob.startsWith('*') ? glob : '*/' + glob;
  return new RegExp(
    '^' +
      g
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.') +
      '$',
  );
}

/** An Emacs regexp as an Elisp string literal writes it (`"\\.assistant\\'"`) → a RegExp. */
function emacsRegExp(literal: string): RegExp {
  const re = literal.replace(/\\\\/g, '\\');
  let out = '';
  for (let i = 0; i < re.length; i++) {
    const ch = re[i]!;
    if (ch !== '\\') {
      out += '()|{}'.includes(ch) ? '\\' + ch : ch;
      continue;
    }
    const n = re[++i]!;
    if (n === '(') out += re[i + 1] === '?' && re[i + 2] === ':' ? ((i += 2), '(?:') : '(';
    else if (n === ')') out += ')';
    else if (n === '|') out += '|';
    else if (n === "'") out += '$';
    else if (n === '`') out += '^';
    else out += '\\' + n;
  }
  return new RegExp(out);
}

interface Recipe {
  editor: string;
  command: string[];
  /** The language id the editor sends for a file at this path, or undefined when the recipe does not attach the server. */
  languageIdFor(path: string): string | undefined;
  /** What the editor answers to workspace/configuration for a section. */
  configuration(section: string | undefined): unknown;
  /** Attached to every YAML/JSON buffer (the server then picks by name and content). */
  everyYamlAndJson: boolean;
}

function neovim(): Recipe {
  const lua = block('lua');
  const command = [...balanced(lua, 'cmd =').matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  const pairs = (t: string): [string, string][] =>
    [...t.matchAll(/\['([^']+)'\]\s*=\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!]);
  const byName = new Map(pairs(balanced(lua, 'filename =', 'vim.filetype.add')));
  const byPattern = pairs(balanced(lua, 'pattern =', 'vim.filetype.add')).map(
    ([p, ft]) => [luaPatternToRegExp(p), ft] as const,
  );
  const autocmd = [...balanced(lua, 'pattern =', "nvim_create_autocmd('FileType'").matchAll(/'([^']+)'/g)].map(
    (m) => m[1]!,
  );
  const settings = tableToJson(balanced(lua, 'settings ='));
  return {
    editor: 'Neovim',
    command,
    languageIdFor(path) {
      // vim.filetype: a filename entry (the full path or the file's name), then patterns (the full path);
      // vim.lsp.start sends the filetype as the language id. The FileType autocmd must start the server for it.
      const ft = byName.get(path) ?? byName.get(path.split('/').pop()!) ?? byPattern.find(([re]) => re.test(path))?.[1];
      return ft && autocmd.includes(ft) ? ft : undefined;
    },
    configuration: (s) => atSection(settings, s),
    everyYamlAndJson: false,
  };
}

function helix(): Recipe {
  const toml = block('toml');
  const server = /\[language-server\.([\w-]+)\]([\s\S]*?)(?=\n\[)/.exec(toml);
  assert.ok(server, 'a [language-server.…] table');
  const command = [
    /command = "([^"]+)"/.exec(server[2]!)![1]!,
    ...[...balanced(server[2]!, 'args =').matchAll(/"([^"]*)"/g)].map((m) => m[1]!),
  ];
  const settings = tableToJson(balanced(server[2]!, 'config ='));
  const languages = toml
    .split('[[language]]')
    .slice(1)
    .map((t) => ({
      id: /language-id = "([^"]+)"/.exec(t)?.[1] ?? /name = "([^"]+)"/.exec(t)![1]!,
      globs: [...t.matchAll(/glob = "([^"]+)"/g)].map((m) => helixGlob(m[1]!)),
      servers: [...balanced(t, 'language-servers =').matchAll(/"([^"]+)"/g)].map((m) => m[1]!),
    }));
  return {
    editor: 'Helix',
    command,
    languageIdFor(path) {
      const lang = languages.find((l) => l.globs.some((g) => g.test(path)));
      return lang?.servers.includes(server[1]!) ? lang.id : undefined;
    },
    configuration: (s) => atSection(settings, s),
    everyYamlAndJson: false,
  };
}

function emacs(): Recipe {
  const el = block('elisp');
  const modes = [...el.matchAll(/\(add-to-list 'auto-mode-alist '\("((?:[^"\\]|\\.)*)" \. ([\w-]+)\)\)/g)].map(
    (m) => [emacsRegExp(m[1]!), m[2]!] as const,
  );
  const programs = balanced(el, "'eglot-server-programs");
  const ids = new Map(
    [...programs.matchAll(/\(([\w-]+) :language-id "([^"]+)"\)/g)].map((m) => [m[1]!, m[2]!] as const),
  );
  const command = [...balanced(programs, ' . ').matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  const hooked = new Set([...el.matchAll(/\(add-hook '([\w-]+)-hook #'eglot-ensure\)/g)].map((m) => m[1]!));
  const settings = plistToJson(balanced(el, 'eglot-workspace-configuration'));
  return {
    editor: 'Emacs',
    command,
    languageIdFor(path) {
      // auto-mode-alist is searched in order against the full file name; Eglot starts for the hooked modes
      // and sends the :language-id of the mode's entry (else the mode's name without "-mode").
      const mode = modes.find(([re]) => re.test(path))?.[1];
      return mode && hooked.has(mode) ? (ids.get(mode) ?? mode.replace(/-mode$/, '')) : undefined;
    },
    configuration: (s) => atSection(settings, s),
    everyYamlAndJson: false,
  };
}

function sublime(): Recipe {
  const client = (JSON.parse(block('json')) as { clients: Record<string, Record<string, unknown>> }).clients[
    'assistant-config'
  ];
  assert.ok(client, 'clients["assistant-config"]');
  assert.equal(client.enabled, true);
  const selector = String(client.selector)
    .split('|')
    .map((s) => s.trim());
  const settings = expandDotted(client.settings);
  return {
    editor: 'Sublime Text',
    command: client.command as string[],
    languageIdFor(path) {
      // Sublime picks the syntax by extension; LSP sends the base scope's language id.
      const scope = /\.ya?ml$/.test(path) ? 'source.yaml' : /\.json$/.test(path) ? 'source.json' : undefined;
      return scope && selector.includes(scope) ? scope.slice('source.'.length) : undefined;
    },
    configuration: (s) => atSection(settings, s),
    everyYamlAndJson: true,
  };
}

const recipes = [neovim(), helix(), emacs(), sublime()];
const REPO = '/home/dev/acme';
/** The six names of "Which files", in a subdirectory and at the top. */
const NAMED = [
  'deploy/prod.assistant.yaml',
  'staging.assistant.yml',
  'config/dev.assistant.json',
  'assistant-config.yaml',
  'services/api/assistant-config.yml',
  'assistant-config.json',
].map((p) => `${REPO}/${p}`);
const NOT_NAMED = [
  'values.yaml',
  'package.json',
  'my-assistant-config.yaml',
  'x.assistant.yaml.bak',
  'assistant.yaml',
].map((p) => `${REPO}/${p}`);

test('each recipe starts the package bin that is the language server, with --stdio', () => {
  for (const r of recipes) {
    assert.equal(pkg.bin[r.command[0]!], 'dist/server.js', `${r.editor}: ${r.command.join(' ')}`);
    assert.deepEqual(r.command.slice(1), ['--stdio'], r.editor);
  }
});

test('each recipe attaches the server to the six names of "Which files", and by name to nothing else', () => {
  for (const r of recipes) {
    for (const path of NAMED) {
      const id = r.languageIdFor(path);
      assert.ok(id, `${r.editor} does not attach the server to ${path}`);
    }
    if (!r.everyYamlAndJson)
      for (const path of NOT_NAMED) assert.equal(r.languageIdFor(path), undefined, `${r.editor}: ${path}`);
  }
});

test('the settings each recipe shows are settings the extension declares', () => {
  const leaves = (o: unknown, prefix: string): string[] =>
    o && typeof o === 'object'
      ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];
  for (const r of recipes) {
    const names = leaves(r.configuration('assistantConfig'), 'assistantConfig');
    assert.ok(names.length > 0, `${r.editor} shows a setting`);
    for (const n of names) assert.ok(n in pkg.contributes.configuration.properties, `${r.editor}: ${n}`);
  }
});

const YAML =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a\n  aiPrimitivesLlm:\n' +
  '    provider: vendor_a\n    apiKey: {valueFromEnv: AC_RECIPE_UNSET_VARIABLE}\n';
const JSON_TEXT =
  '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendr_a" },\n' +
  '    "aiPrimitivesLlm": { "provider": "vendor_a", "apiKey": { "valueFromEnv": "AC_RECIPE_UNSET_VARIABLE" } }\n  }\n}\n';

/** A server started as the editor starts it (push diagnostics, workspace/configuration answered from the recipe). */
async function startAs(r: Recipe, configuration = r.configuration): Promise<{ c: TestClient; asked: string[] }> {
  const env = { ...process.env };
  delete env.AC_RECIPE_UNSET_VARIABLE;
  const c = new TestClient(join(ROOT, pkg.bin[r.command[0]!]!), { configuration: true, env });
  clients.push(c);
  const asked: string[] = [];
  c.conn.onRequest(ConfigurationRequest.type, (params) =>
    params.items.map((item) => {
      asked.push(item.section ?? '');
      return configuration(item.section);
    }),
  );
  await c.initialize();
  return { c, asked };
}

const codesOf = (p: { diagnostics: { code?: number | string }[] }): string[] =>
  p.diagnostics.map((d) => String(d.code)).sort();

for (const r of recipes)
  test(`${r.editor}: every named file gets its diagnostics under the language id the editor sends, with the recipe's settings applied`, async () => {
    const { c, asked } = await startAs(r);
    for (const path of NAMED) {
      const uri = `file://${path}`;
      await c.open(uri, path.endsWith('.json') ? JSON_TEXT : YAML, r.languageIdFor(path)!);
      // envNotSet is off in every recipe: the unset variable is not reported once the settings are read.
      const p = await c.waitForDiagnostics(uri, (d) => codesOf(d).join() === 'unknown-discriminator');
      assert.equal(p.diagnostics[0]!.range.start.line, 4, `${r.editor} ${path}: the provider's line`);
    }
    assert.ok(asked.includes('assistantConfig'), `${r.editor}: the server asked for its section (${asked.join()})`);
    if (r.everyYamlAndJson) {
      // Attached to every YAML and JSON view: a file with the content rule's `kind` is checked, other files are not.
      const content = `file://${REPO}/deploy/prod.yaml`;
      await c.open(content, YAML, r.languageIdFor(content)!);
      await c.waitForDiagnostics(content, (d) => codesOf(d).join() === 'unknown-discriminator');
      const plain = `file://${REPO}/values.yaml`;
      await c.open(plain, 'replicas: 2\nimage: {tag: latest}\nprovider: vendr_a\n', r.languageIdFor(plain)!);
      // No completion and no hover there (the server does not treat it as a config), and nothing published for it.
      const completion = await c.request<{ items: unknown[] } | unknown[] | null>('textDocument/completion', {
        textDocument: { uri: plain },
        position: { line: 2, character: 10 },
      });
      assert.deepEqual(Array.isArray(completion) ? completion : (completion?.items ?? []), []);
      const hover = await c.request('textDocument/hover', {
        textDocument: { uri: plain },
        position: { line: 2, character: 3 },
      });
      assert.equal(hover, null);
      assert.deepEqual(
        (c.diagnostics.get(plain) ?? []).flatMap((d) => d.diagnostics),
        [],
        'a plain YAML file gets nothing',
      );
    }
    await c.shutdown();
  });

test('control: without the recipe settings the same file reports the unset variable (the check above can fail)', async () => {
  const r = recipes[0]!;
  const { c } = await startAs(r, () => ({}));
  const uri = `file://${NAMED[0]!}`;
  await c.open(uri, YAML, r.languageIdFor(NAMED[0]!)!);
  await c.waitForDiagnostics(uri, (d) => codesOf(d).join() === 'env-not-set,unknown-discriminator');
  await c.shutdown();
});
