// Validation passes a rule only the visits of the node types it declares (Rule.on), instead of every
// visit (a speed-up: most rules look at one type). Checked here: on every visit of another type, each
// rule reports nothing, over the repository's configs and fixtures and over them with values of
// every type (empty, numbers, booleans, null, lists, mappings, URLs with credentials, placeholders,
// aliases) written in random places (seeded).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { parse } from '../../server/src/parser';
import { walkTyped } from '../../server/src/model/typedWalk';
import { DEFAULT_OPTIONS, RULES } from '../../server/src/service/validation';
import type { ValidationOptions } from '../../server/src/service/validation';
import { fixedSeed } from '../parser/yamlArbitraries';
import { fakeSecret } from '../helpers';

const SEED = fixedSeed('ruleTypes', 0x70e5);

const TEXTS: { name: string; text: string }[] = [];
for (const dir of ['examples', 'test/fixtures', 'test/e2e/fixtures'])
  for (const f of readdirSync(join(process.cwd(), dir), { recursive: true }) as string[])
    if (/\.(ya?ml|json)$/.test(f)) TEXTS.push({ name: f, text: readFileSync(join(process.cwd(), dir, f), 'utf8') });

const OPTIONS: ValidationOptions[] = [
  DEFAULT_OPTIONS,
  { ...DEFAULT_OPTIONS, maxFallbackDepth: 1, env: { isDefined: () => false } },
  { ...DEFAULT_OPTIONS, env: { isDefined: () => true, exposedInDotenv: () => true } },
];

/** How many visits of a type a rule does not declare were offered to it; fails on any finding. */
function offTypeVisits(name: string, text: string): number {
  const doc = parse(text, name.endsWith('.json') ? 'json' : 'yaml');
  let offered = 0;
  for (const options of OPTIONS) {
    const reported: string[] = [];
    const rules = RULES.map((r) => ({
      on: r.on,
      run: r.start({ doc, options, report: (d) => reported.push(d.code) }),
    }));
    walkTyped(doc.root, (v) => {
      for (const r of rules)
        if (r.on && !r.on.includes(v.node.type)) {
          offered++;
          r.run.visit(v);
        }
    });
    assert.deepEqual(reported, [], `${name}: a rule reported on a node type it does not declare`);
  }
  return offered;
}

test("no rule reports on a node type it does not declare, on the repository's configs", () => {
  assert.ok(TEXTS.length > 100);
  let offered = 0;
  for (const { name, text } of TEXTS) offered += offTypeVisits(name, text);
  assert.ok(offered > 10_000, `${offered} visits`);
});

test('no rule reports on a node type it does not declare, with values of every type in random places', () => {
  const values = [
    '',
    '""',
    "' '",
    '0',
    '-1',
    '1.5',
    'true',
    'null',
    '[]',
    '{}',
    '[a, b]',
    '[{primitiveName: x}, {primitiveName: x}]',
    '{value: x, valueFromEnv: Y}',
    '{valueFromEnv: ""}',
    'https://u:p@h.example/v1',
    '<model>',
    fakeSecret('sk-' + 'proj-', 25, 0x3d0e),
    '*a',
    '&a {provider: hosted}',
  ];
  const yaml = TEXTS.filter((t) => !t.name.endsWith('.json'));
  fc.assert(
    fc.property(
      fc.nat({ max: yaml.length - 1 }),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom(...values)), { minLength: 1, maxLength: 6 }),
      (which, edits) => {
        const lines = yaml[which]!.text.split('\n');
        for (const [at, value] of edits) {
          const i = at % lines.length;
          const colon = lines[i]!.indexOf(': ');
          if (colon > 0) lines[i] = `${lines[i]!.slice(0, colon)}: ${value}`;
        }
        offTypeVisits(yaml[which]!.name, lines.join('\n'));
      },
    ),
    { seed: SEED, numRuns: 400 },
  );
});
