// REVIEW15-user U19: a key indented one level too deep into a mapping of custom keys
// (`featureFlags`, `alwaysInclude.tables`) lints clean and is silently not set: `contextWindowLimit`
// becomes a feature flag, `functions` a schema. `field-in-custom-keys` says it when the key's name
// is exactly a field of the mapping above (read from the schema) that the mapping does not set; the
// editor's fix moves the key one level up; `lint --fix` leaves it (a flag of that name is allowed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser/index';
import type { Language } from '../../server/src/parser';
import { validate } from '../../server/src/service/validation/index';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { fixesFor, ROOT } from '../helpers';

const EVERYTHING = readFileSync(join(ROOT, 'examples', 'everything.assistant.yaml'), 'utf8');
const TEAM = readFileSync(join(ROOT, 'examples', 'team.assistant.yaml'), 'utf8');
const crlf = (t: string): string => t.replace(/\r?\n/g, '\r\n');
const lf = (t: string): string => t.replace(/\r\n/g, '\n');
const CODE = 'field-in-custom-keys';
const found = (text: string, language: Language = 'yaml') =>
  validate(parse(text, language))
    .filter((d) => d.code === CODE)
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
const lintFix = (text: string) => fixAll(text, 'yaml', (t, l) => analyze(t, l, DEFAULT_OPTIONS));

/** `text` with the line that starts with `line` (after its indentation) indented `by` more spaces. */
function indent(text: string, line: string, by: number): string {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.trimStart().startsWith(line));
  assert.ok(i >= 0, line);
  lines[i] = ' '.repeat(by) + lines[i]!;
  return lines.join('\n');
}

/** The slip is said on its key, its message names both mappings, and the one fix gives back `orig`. */
function saidAndMovedBack(slipped: string, orig: string, key: string, holder: string, owner: string): void {
  const all = found(slipped);
  assert.deepEqual(
    all.map((f) => f.at),
    [key],
  );
  const d = all[0]!.d;
  assert.equal(d.severity, 'warning');
  assert.match(d.message, new RegExp(`^'${key}' is a key of '${holder}', which takes keys of your own`));
  assert.match(d.message, new RegExp(`'${owner}' sets no '${key}'.*beside '${holder}'\\.$`));
  const fixes = fixesFor(slipped, d);
  assert.deepEqual(
    fixes.map((f) => [f.title, f.preferred]),
    [[`Move '${key}' up, beside '${holder}'`, true]],
  );
  assert.equal(fixes[0]!.result, orig);
  assert.deepEqual(found(fixes[0]!.result), []);
  // Not `lint --fix`: the file is left as written.
  const r = lintFix(slipped);
  assert.equal(r.text, slipped);
}

test('U19: contextWindowLimit indented into featureFlags (everything example, LF and CRLF): said, the fix moves it back', () => {
  for (const eol of [lf, crlf]) {
    const orig = eol(EVERYTHING);
    assert.deepEqual(found(orig), []);
    saidAndMovedBack(indent(orig, 'contextWindowLimit:', 2), orig, 'contextWindowLimit', 'featureFlags', 'definition');
  }
});

test('U19: functions indented under alwaysInclude.tables (both examples, LF and CRLF): a schema named functions is said', () => {
  for (const eol of [lf, crlf])
    for (const example of [EVERYTHING, TEAM]) {
      const orig = eol(example);
      saidAndMovedBack(indent(orig, 'functions: [fiscal_quarter]', 2), orig, 'functions', 'tables', 'alwaysInclude');
    }
});

test('U19: keys typed after the featureFlags block, indented like the flags, are each said (team example, comments kept)', () => {
  for (const eol of [lf, crlf]) {
    const orig = eol(
      TEAM.replace(/\n {2}maxAssistantActions: 12\n/, '\n').replace(/\n {2}contextWindowLimit: 128000\n/, '\n'),
    );
    const slipped = eol(
      `${lf(orig)}    # the limits\n    contextWindowLimit: 128000\n    maxAssistantActions: 12 # per turn\n`,
    );
    const all = found(slipped);
    assert.deepEqual(
      all.map((f) => f.at),
      ['contextWindowLimit', 'maxAssistantActions'],
    );
    const fixes = fixesFor(slipped, all[0]!.d);
    assert.equal(fixes.length, 1);
    // The comment above the key goes with it, after the block of flags; the flags stay.
    assert.equal(
      fixes[0]!.result,
      eol(`${lf(orig)}    maxAssistantActions: 12 # per turn\n  # the limits\n  contextWindowLimit: 128000\n`),
    );
    // Then the second: both set, nothing said, every line kept.
    const next = found(fixes[0]!.result);
    assert.equal(next.length, 1);
    const both = fixesFor(fixes[0]!.result, next[0]!.d)[0]!.result;
    assert.equal(
      both,
      eol(`${lf(orig)}  maxAssistantActions: 12 # per turn\n  # the limits\n  contextWindowLimit: 128000\n`),
    );
    assert.deepEqual(found(both), []);
    assert.equal(lintFix(slipped).text, slipped);
  }
});

test('U19: flags and schemas of other names, a field the mapping above sets, and a named flag are not said', () => {
  const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n';
  // The mapping above sets the key: this one is a flag of that name, on purpose or not, but not lost.
  assert.deepEqual(found(`${H}  contextWindowLimit: 5\n  featureFlags:\n    contextWindowLimit: true\n`), []);
  // A merge that sets it counts as set.
  assert.deepEqual(
    found(
      `${H}  featureFlags:\n    enable_automations: true\n    maxAssistantActions: 3\n  <<: { maxAssistantActions: 4 }\n`,
    ),
    [],
  );
  assert.deepEqual(
    found(`${H}  featureFlags:\n    enable_automations: true\n    llm_beta: true\n    tables: true\n`),
    [],
  );
  // `tables` of alwaysInclude is its own field: a schema named `tables` inside it is said only as a slip of a field above.
  assert.deepEqual(
    found(
      `${H}  schemaSelector:\n    type: llm_selector\n    llm: { provider: hosted }\n    alwaysInclude:\n      tables:\n        tables: [t]\n        reporting: [daily]\n`,
    ),
    [],
  );
});

test('U19: JSON and flow mappings are said too; the fix moves the key up there too (REVIEW16-user N2)', () => {
  const json = JSON.stringify(
    {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: {
        llm: { provider: 'hosted' },
        featureFlags: { enable_automations: true, contextWindowLimit: 128000 },
      },
    },
    null,
    2,
  );
  const j = found(json, 'json');
  assert.deepEqual(
    j.map((f) => f.at),
    ['"contextWindowLimit"'],
  );
  const flow =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude: {tables: {reporting: [daily], functions: [fiscal_quarter]}}\n';
  const f = found(flow);
  assert.deepEqual(
    f.map((x) => x.at),
    ['functions'],
  );
  assert.deepEqual(fixesFor(flow, f[0]!.d), [
    {
      title: "Move 'functions' up, beside 'tables'",
      preferred: true,
      result: flow.replace(
        '{tables: {reporting: [daily], functions: [fiscal_quarter]}}',
        '{tables: {reporting: [daily]}, functions: [fiscal_quarter]}',
      ),
    },
  ]);
  // The mapping's only key: moving it would leave the holder empty: no fix.
  const only =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  featureFlags:\n    contextWindowLimit: 5\n';
  assert.equal(found(only).length, 1);
  assert.deepEqual(fixesFor(only, found(only)[0]!.d), []);
});

test('U19: no example file or fixture gets the warning', () => {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      // (But the quick-fix fixture made for this code.)
      else if (/\.(ya?ml|json)$/.test(name) && name !== `${CODE}.assistant.yaml`) files.push(p);
    }
  };
  walk(join(ROOT, 'examples'));
  walk(join(ROOT, 'test', 'fixtures'));
  assert.ok(files.length > 100, String(files.length));
  const said = files.filter((p) => {
    const text = readFileSync(p, 'utf8');
    return found(text, p.endsWith('.json') ? 'json' : 'yaml').length > 0;
  });
  assert.deepEqual(said, []);
});
