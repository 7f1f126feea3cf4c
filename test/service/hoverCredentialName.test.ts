// Hover on a `valueFromEnv` that holds a credential rather than a name: a shell default whose default
// is a made-up password (`${OPENAI_KEY:-<password>}`, literal-secret and masked everywhere else), or a
// key. Before, hover quoted the whole text twice ("**…**", "Variable `…` is not set"), and its mask
// by shape alone let the password through. Now it says what it is without quoting it; a plain name is
// still shown with its status. On the key and on the value, with and without the environment check,
// YAML and JSON. Fake secrets made at run time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS, doHover } from '../../server/src/service';
import type { ServiceContext } from '../../server/src/service';
import type { Language } from '../../server/src/parser';
import { fakeApiKey, madeUpPasswords } from '../helpers';
import { leakedRuns } from '../cli/helpers';

const [PASSWORD] = madeUpPasswords(3501, 1) as [string];
const KEY = ['sk', 'proj', fakeApiKey(3502).slice(3, 35)].join('-');
const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const ENV: ServiceContext['env'] = { isDefined: () => false, names: () => [], sourceOf: () => undefined };

const CASES: [string, Language, string, string][] = [
  ['a password as a shell default', 'yaml', `"\${OPENAI_KEY:-${PASSWORD}}"`, PASSWORD],
  ["a password as compose's escaped default", 'yaml', `$\${OPENAI_KEY:=${PASSWORD}}`, PASSWORD],
  ['a key', 'yaml', KEY, KEY.slice(8)],
  ['a password as a shell default, JSON', 'json', `"\${OPENAI_KEY-${PASSWORD}}"`, PASSWORD],
];

const text = (language: Language, name: string): string =>
  language === 'json'
    ? `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"valueFromEnv": ${name}}}}}\n`
    : `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ${name}\n`;

describe('hover on a valueFromEnv that holds a credential', () => {
  for (const [what, language, name, secret] of CASES) {
    it(`${what}: said, not shown`, () => {
      const t = text(language, name);
      const { doc } = analyze(t, language, DEFAULT_OPTIONS);
      for (const ctx of [{ env: ENV }, {}] as ServiceContext[])
        for (const at of [t.indexOf('valueFromEnv') + 3, t.lastIndexOf(name) + 4]) {
          const h = doHover(doc, at, ctx);
          assert.ok(h, `a hover at ${at}`);
          assert.deepEqual(leakedRuns(h.contents, [secret], 6), [], h.contents);
          assert.match(h.contents, /This holds a credential \(not shown\), not the name of a variable/);
        }
    });
  }

  it('a plain name is shown, with its status', () => {
    const t = text('yaml', 'VENDOR_A_API_KEY');
    const { doc } = analyze(t, 'yaml', DEFAULT_OPTIONS);
    const h = doHover(doc, t.lastIndexOf('VENDOR_A_API_KEY') + 2, { env: ENV });
    assert.equal(
      h?.contents,
      '**VENDOR_A_API_KEY**\n\nVariable `VENDOR_A_API_KEY` is **not set** in the environment or its .env file.',
    );
  });
});
