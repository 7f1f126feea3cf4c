// Whether a YAML or JSON text is an AssistantConfig by its content (README "Which files", rule 4):
// the one rule and the one window of every place that decides it, so that they agree on every file.
// The CLI's directory walk and the editor's workspace diagnostics (server/src/cli/files.ts), the
// language server for the `yaml`/`json` documents other editors send it (server/src/lsp/server.ts),
// the VS Code client when it switches a document's language (client/src/front.ts), and the web
// build (the same two modules in the browser). Part of the shared module (./index.ts): no Node API,
// and no parser (the client's first bundle carries none, see test/packaging.test.ts).
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { editDistanceWithin } from './editDistance';

/**
 * How much of a text is read to recognise it: its first 256 KB (UTF-16 code units), by every caller.
 * Large enough for a long license header or a big block scalar before `kind`; a text longer than
 * that is looked at only up to here, so that deciding stays cheap on any YAML or JSON file opened.
 */
export const SNIFF_CHARS = 256 * 1024;

/**
 * Whether a YAML or JSON text says `kind: AssistantConfig` at its top level, within its first
 * SNIFF_CHARS characters:
 * - a YAML block mapping: a `kind: AssistantConfig` line at column 0 (after any comments, blank lines,
 *   directives, a `---` or a BOM, and after other top-level keys and their values). An indented line,
 *   a line in a block scalar (whose lines are indented) or a comment never counts;
 * - a YAML flow mapping at the top (`{kind: AssistantConfig, version: v2, …}`, over as many lines as
 *   it likes, with comments): `kind` as one of its own keys, not a nested one;
 * - a JSON (or JSONC) object with `"kind": "AssistantConfig"` among its first-level keys, wherever
 *   it stands among them.
 * The kind's value counts when it is `AssistantConfig` or a slip of it (kindNamesAssistantConfig), so that a
 * misspelt kind is reported as one rather than leaving the file unchecked.
 * The cases are in test/client/sniff.test.ts; the CLI, the server and the client are checked to
 * decide the same fixtures alike in test/protocol/contentDetection.test.ts.
 */
export function declaresAssistantConfigKind(text: string): boolean {
  const head = text.length > SNIFF_CHARS ? text.slice(0, SNIFF_CHARS) : text;
  if (/^\uFEFF?\s*(\/\/|\/\*)/.test(head)) return jsonDeclaresKind(head) === true;
  if (/^\uFEFF?\s*\[/.test(head)) return false;
  if (/^\uFEFF?\s*\{/.test(head)) {
    // JSON, or a YAML flow mapping: the JSON reading first; a token JSON does not have (a plain
    // YAML scalar such as `kind`) sends it to the YAML reading.
    const json = jsonDeclaresKind(head);
    if (json !== undefined) return json;
  }
  const start = yamlContentStart(head);
  if (head.charCodeAt(start) === 0x7b /* { */) return flowDeclaresKind(head, start);
  if (head.charCodeAt(start) === 0x5b /* [ */) return false;
  for (const m of head.matchAll(BLOCK_KIND_LINE)) {
    if (kindNamesAssistantConfig(m[1] ?? m[2] ?? m[3] ?? '')) return true;
  }
  return false;
}

/** A top-level `kind:` line of a YAML block mapping; its value plain (group 1), double- or single-quoted (2, 3). */
const BLOCK_KIND_LINE =
  /^\uFEFF?(?:---[ \t]+)?(?:kind|"kind"|'kind')[ \t]*:[ \t]*(?:([A-Za-z][\w.-]*)|"([^"\\\r\n]*)"|'([^'\r\n]*)')[ \t]*(?:#.*)?\r?$/gm;

const KIND = 'assistantconfig';

/**
 * Whether a `kind` value names AssistantConfig: the name itself, or a slip of it a writer would make —
 * another case or separators (`assistant-config`, `Assistant_Config`), up to two letters dropped, added,
 * replaced or swapped (`AssistantConfg`, `AsistantConfig`). The engine then reports the kind as
 * `kind-invalid`, instead of the file going unchecked by the CLI's walk and the editor. A longer name
 * that starts with the whole of it (`AssistantConfigV3`, `AssistantConfigs`) is another kind and does
 * not count.
 */
export function kindNamesAssistantConfig(value: string): boolean {
  if (value === 'AssistantConfig') return true;
  if (value.length > 24) return false;
  const v = value.toLowerCase().replace(/[-_. ]/g, '');
  if (v === KIND) return true;
  if (v.startsWith(KIND)) return false;
  return editDistanceWithin(v, KIND, 2) <= 2;
}

/**
 * A JSON (or JSONC) text whose top-level object has `"kind": "AssistantConfig"`, read with
 * jsonc-parser's scanner (strings with escapes, comments, and nothing else of the library).
 * Undefined when the text holds a token JSON does not have (an unquoted word other than
 * true/false/null/numbers, a single-quoted string): then it may be a YAML flow mapping.
 */
function jsonDeclaresKind(head: string): boolean | undefined {
  const scanner = createScanner(head, true);
  let depth = 0;
  let topIsObject = false;
  // At depth 1 of the top object: whether the next token is a key; after a `"kind"` key, 1 until
  // its colon, 2 until its value.
  let atKey = false;
  let kind = 0;
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan()) {
    if (t === SyntaxKind.Unknown) return undefined;
    if (kind === 2 && t === SyntaxKind.StringLiteral && kindNamesAssistantConfig(scanner.getTokenValue())) return true;
    kind = kind === 1 && t === SyntaxKind.ColonToken ? 2 : 0;
    if (t === SyntaxKind.OpenBraceToken || t === SyntaxKind.OpenBracketToken) {
      if (depth === 0) topIsObject = t === SyntaxKind.OpenBraceToken;
      depth++;
      atKey = topIsObject && depth === 1;
    } else if (t === SyntaxKind.CloseBraceToken || t === SyntaxKind.CloseBracketToken) {
      depth--;
      if (depth <= 0) return false;
      atKey = false;
    } else if (depth === 1 && topIsObject) {
      if (atKey && t === SyntaxKind.StringLiteral && scanner.getTokenValue() === 'kind') kind = 1;
      atKey = t === SyntaxKind.CommaToken;
    }
  }
  return false;
}

/**
 * Where a YAML text's first node starts: after a BOM, blank lines, comment lines, directives
 * (`%YAML 1.2`) and a `---` (the node may follow it on the same line: `--- {kind: …}`).
 */
function yamlContentStart(s: string): number {
  let i = s.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    let j = i;
    while (s[j] === ' ' || s[j] === '\t') j++;
    const c = s[j];
    if (c === '\n' || c === '\r') {
      i = j + 1;
      continue;
    }
    if (c === '#' || (c === '%' && j === i)) {
      const e = s.indexOf('\n', j);
      if (e < 0) return s.length;
      i = e + 1;
      continue;
    }
    if (j === i && s.startsWith('---', i) && /^[ \t\r\n]?$/.test(s[i + 3] ?? '')) {
      i += 3;
      continue;
    }
    return j;
  }
}

/** Character classes of the flow scan, by char code below 128: 1 a line break or blank, 2 a flow indicator. */
const CLASS = new Uint8Array(128);
for (const c of ' \t\r\n') CLASS[c.charCodeAt(0)] = 1;
for (const c of ',[]{}') CLASS[c.charCodeAt(0)] = 2;
const classOf = (code: number): number => (code < 128 ? CLASS[code]! : 0);

/**
 * Whether the YAML flow mapping at `start` has `kind: AssistantConfig` among its own pairs. A scan
 * of tokens, not a parser: flow indicators, quoted scalars (a double-quoted one with its escapes
 * skipped, a single-quoted one with its `''`), plain scalars (over several lines, up to `: `, ` #`
 * or a flow indicator) and comments. `kind` and `AssistantConfig` count plain or quoted; a tagged or
 * anchored value does not.
 */
function flowDeclaresKind(s: string, start: number): boolean {
  const n = s.length;
  let i = start;
  let depth = 0;
  let topIsMap = false;
  let atKey = false;
  let kind = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    const cls = classOf(c);
    if (cls === 1) {
      i++;
      continue;
    }
    if (c === 0x23 /* # */) {
      const e = s.indexOf('\n', i);
      if (e < 0) return false;
      i = e + 1;
      continue;
    }
    if (c === 0x3f /* ? */ && (i + 1 >= n || classOf(s.charCodeAt(i + 1)) === 1)) {
      i++; // an explicit key: what follows is the key
      continue;
    }
    if (cls === 2) {
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (depth === 0) topIsMap = c === 0x7b;
        depth++;
        atKey = topIsMap && depth === 1;
      } else if (c === 0x2c /* , */) {
        atKey = topIsMap && depth === 1;
      } else {
        depth--;
        if (depth <= 0) return false;
        atKey = false;
      }
      kind = 0;
      i++;
      continue;
    }
    if (c === 0x3a /* : */) {
      kind = kind === 1 ? 2 : 0;
      atKey = false;
      i++;
      continue;
    }
    let token: string;
    if (c === 0x22 /* " */) {
      let j = i + 1;
      for (;;) {
        const q = s.indexOf('"', j);
        if (q < 0) return false;
        let b = q; // an odd number of backslashes before it escapes it
        while (s.charCodeAt(b - 1) === 0x5c) b--;
        j = q + 1;
        if ((q - b) % 2 === 0) break;
      }
      token = s.slice(i + 1, j - 1);
      i = j;
    } else if (c === 0x27 /* ' */) {
      let j = i + 1;
      for (;;) {
        j = s.indexOf("'", j);
        if (j < 0) return false;
        if (s.charCodeAt(j + 1) !== 0x27) break;
        j += 2;
      }
      token = s.slice(i + 1, j).replace(/''/g, "'");
      i = j + 1;
    } else {
      let j = i;
      while (j < n) {
        const d = s.charCodeAt(j);
        const k = classOf(d);
        if (k === 2) break;
        if (d === 0x3a /* : */ && (j + 1 >= n || classOf(s.charCodeAt(j + 1)) !== 0)) break;
        if (d === 0x23 /* # */ && j > i && classOf(s.charCodeAt(j - 1)) === 1) break;
        j++;
      }
      token = s.slice(i, j).trim();
      i = j;
    }
    if (kind === 2 && kindNamesAssistantConfig(token)) return true;
    kind = depth === 1 && atKey && token === 'kind' ? 1 : 0;
    atKey = false;
  }
  return false;
}
