// The variant table of scripts/gen-schema.mjs is the only list of LLM providers: `git grep` for each
// provider name (read from the schema) finds no list of providers anywhere else, except in generated
// files, fixtures and prose.
//
// A "list" is a run of three or more different provider names with nothing between them but white
// space, punctuation (quotes, commas, brackets, bars) and `and`/`or`: `['p1', 'p2', 'p3']` in code,
// `` `p1`, `p2` or `p3` `` in a comment or in an expected message. A chain in an example
// (`p1 → p2 → p3`), providers used in a test document, or a `case` per variant with a schema-derived
// default is not a list: a new provider needs no edit there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROVIDERS } from '../helpers';

const ROOT = process.cwd();

/** Where a list may be written: the table itself, what is generated from it, fixtures and prose. */
const ALLOWED = [
  /^scripts\/gen-schema\.mjs$/,
  /^schemas\//,
  /^syntaxes\//,
  /^server\/src\/generated\//,
  /^test\/fixtures\//,
  /^test\/e2e\/fixtures\//,
  /^examples\//,
  /^docs\//,
  /\.md$/,
];

const SEPARATOR = /^(?:[\s'"`,;|/()[\]{}]|\\n|\band\b|\bor\b)*$/;

/** The lists of providers in a text: line (1-based) and the names of each. */
export function findLists(text: string, names: readonly string[]): { line: number; names: string[] }[] {
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![\\w-])(?:${escaped.join('|')})(?![\\w-])`, 'g');
  const found: { line: number; names: string[] }[] = [];
  let run: { start: number; end: number; names: string[] } | undefined;
  const close = (): void => {
    if (run && new Set(run.names).size >= 3)
      found.push({ line: text.slice(0, run.start).split('\n').length, names: run.names });
    run = undefined;
  };
  for (const m of text.matchAll(re)) {
    const start = m.index;
    if (run && SEPARATOR.test(text.slice(run.end, start))) {
      run.names.push(m[0]);
      run.end = start + m[0].length;
    } else {
      close();
      run = { start, end: start + m[0].length, names: [m[0]] };
    }
  }
  close();
  return found;
}

function git(args: string[]): string {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error)
    assert.fail(`this test needs git on the PATH to search the repository (${r.error.message}); install git`);
  // git grep exits 1 when nothing matches.
  assert.ok(r.status === 0 || r.status === 1, `git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

test('the detector finds lists and leaves chains and documents alone (made-up names)', () => {
  const names = ['alpha', 'beta_b', 'gamma', 'delta_d'];
  const lists = (t: string): string[][] => findLists(t, names).map((l) => l.names);
  assert.deepEqual(lists("const P = ['alpha', 'beta_b',\n  'gamma'];"), [['alpha', 'beta_b', 'gamma']]);
  assert.deepEqual(lists('// `beta_b`, `gamma` or `delta_d`'), [['beta_b', 'gamma', 'delta_d']]);
  assert.deepEqual(lists("Valid values: 'alpha', 'beta_b', 'gamma'."), [['alpha', 'beta_b', 'gamma']]);
  assert.deepEqual(lists('delta_d → beta_b → alpha'), []);
  assert.deepEqual(lists('llm:\\n  provider: beta_b\\n  fallback:\\n    provider: alpha\\n provider: gamma'), []);
  assert.deepEqual(lists("['beta_b', 'beta_b', 'beta_b']"), [], 'one name three times is not a list');
  assert.deepEqual(lists('self-alpha, beta_b, gamma'), [], 'a name inside a word is not the provider');
});

test('no list of providers outside scripts/gen-schema.mjs, generated files, fixtures and prose', () => {
  assert.ok(PROVIDERS.length >= 3, `the schema names the providers: ${PROVIDERS.join(', ')}`);
  const inside = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: ROOT, encoding: 'utf8' });
  if (inside.error) assert.fail(`this test needs git on the PATH (${inside.error.message}); install git`);
  assert.equal(inside.stdout.trim(), 'true', `${ROOT} is not a git work tree: run the tests from a clone`);
  // Every tracked or new (not ignored) text file that names a provider.
  const files = new Set<string>();
  for (const name of PROVIDERS)
    for (const f of git(['grep', '-l', '-I', '-w', '-F', '--untracked', '-e', name]).split('\n')) if (f) files.add(f);
  assert.ok(files.has('scripts/gen-schema.mjs'), 'git grep finds the variant table (the search works)');
  const offences: string[] = [];
  for (const file of [...files].sort()) {
    if (ALLOWED.some((re) => re.test(file))) continue;
    let text: string;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    for (const l of findLists(text, PROVIDERS)) offences.push(`${file}:${l.line}: ${l.names.join(', ')}`);
  }
  assert.deepEqual(
    offences,
    [],
    'read the providers from the schema (test/helpers.ts PROVIDERS, model/schema.ts unionOf) instead of listing them',
  );
});
