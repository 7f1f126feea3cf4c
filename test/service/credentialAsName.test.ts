// `value: <a password>` beside `valueFromEnv: <a key>` (the key pasted where the variable's name goes,
// literal-secret of its own): no fix keeps the literal "in the variable" that key names. Before, the
// preferred fixes of literal-secret and env-value-conflict wrote `<key>=<password>` to .env (the key
// as a variable's name, a second copy of a secret) and named it in their titles, and "Keep 'value'"
// removed the key from the file (a secret the user wrote, maybe the one that works, dropped). Now
// none of these is offered; the user chooses by hand. A plain name beside keeps its fixes. YAML and
// JSON, the key shaped like one or as a shell default's default. Fake secrets made at run time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import type { Language } from '../../server/src/parser';
import { fakeApiKey, madeUpPasswords } from '../helpers';
import { leakedRuns } from '../cli/helpers';

const KEY = ['sk', 'proj', fakeApiKey(3401).slice(3, 35)].join('-');
const [PASSWORD] = madeUpPasswords(3402, 1) as [string];
const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

const CASES: [string, Language, string][] = [
  [
    'YAML, a key',
    'yaml',
    `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${PASSWORD}\n      valueFromEnv: ${KEY}\n`,
  ],
  [
    'YAML, a key as a shell default',
    'yaml',
    `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: ${PASSWORD}, valueFromEnv: "\${OPENAI_KEY:-${KEY}}"}\n`,
  ],
  [
    'JSON, a key',
    'json',
    `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"value": "${PASSWORD}", "valueFromEnv": "${KEY}"}}}}\n`,
  ],
];

describe('a credential pasted as the name beside a literal value', () => {
  for (const [what, language, text] of CASES) {
    it(`${what}: no fix writes the key to .env or drops it from the file; no title names it`, () => {
      const { doc, diagnostics } = analyze(text, language, DEFAULT_OPTIONS);
      assert.deepEqual(
        diagnostics.filter((d) => d.code === 'literal-secret' || d.code === 'env-value-conflict').length,
        3,
        diagnostics.map((d) => d.code).join(', '),
      );
      for (const d of diagnostics) {
        const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } }).filter((a) => a.diagnostic === d);
        for (const a of actions) {
          assert.deepEqual(leakedRuns(a.title, [KEY.slice(8)], 6), [], `${d.code}: ${a.title}`);
          const env = a.dotenv ? applyEdits('', a.dotenv.edits) : '';
          assert.deepEqual(leakedRuns(env, [KEY.slice(8)], 6), [], `${d.code}: '${a.title}' writes the key to .env`);
          assert.ok(applyEdits(text, a.edits).includes(KEY), `${d.code}: '${a.title}' drops the key from the file`);
        }
        if (d.code === 'env-value-conflict')
          assert.deepEqual(
            actions.map((a) => a.title),
            [],
          );
      }
    });
  }

  it('a plain name beside keeps both fixes (the literal moved to .env under it; or kept, the name removed)', () => {
    const text = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${PASSWORD}\n      valueFromEnv: VENDOR_A_API_KEY\n`;
    const { doc, diagnostics } = analyze(text, 'yaml', DEFAULT_OPTIONS);
    const d = diagnostics.find((x) => x.code === 'env-value-conflict')!;
    const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } }).filter((a) => a.diagnostic === d);
    assert.deepEqual(
      actions.map((a) => a.title),
      [
        "Keep 'valueFromEnv' (move the literal 'value' to .env as VENDOR_A_API_KEY)",
        "Keep 'value' (remove 'valueFromEnv')",
      ],
    );
    assert.equal(applyEdits('', actions[0]!.dotenv!.edits), `VENDOR_A_API_KEY=${PASSWORD}\n`);
  });
});
