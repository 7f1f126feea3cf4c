// REVIEW5 H7: a credential pasted over two lines (a folded `>-` scalar; a plain scalar broken by a
// hard-wrapping editor or a narrow terminal) is masked whole in every output format: the first word
// is credential-shaped, and the words that continue it are part of it. Run as processes over the
// built CLI, with fake credentials.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, leakedRuns } from './helpers';
import { credentialShapes, maskShapes } from '../../server/src/service/credentialShapes';
import { fakeSecret } from '../helpers';

const HEAD = fakeSecret('sk-' + 'proj-', 15, 0x3d0f);
const TAIL = 'Fg1Hj6Kl9Zx3Cv0Bn';
/** A tail that looks like no credential on its own (lower-case letters only): masked by the tree. */
const WEAK = 'qwzxkvbnmplj';
const SECRETS = [HEAD.slice(8), TAIL, WEAK];
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const FILES: Record<string, string> = {
  'fold.assistant.yaml': `${head}  llm:\n    provider: >-\n      ${HEAD}\n      ${TAIL}\n`,
  'plain.assistant.yaml': `${head}  llm:\n    provider: ${HEAD}\n      ${TAIL}\n`,
  'weak.assistant.yaml': `${head}  llm:\n    provider: ${HEAD}\n      ${WEAK}\n`,
  'json.assistant.json': JSON.stringify({
    kind: 'AssistantConfig',
    version: 'v2',
    definition: { llm: { provider: `${HEAD} ${TAIL}` } },
  }),
};
const dir = mkdtempSync(join(tmpdir(), 'ac-wrapped-'));
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
after(() => rmSync(dir, { recursive: true, force: true }));

describe('H7: a credential over two lines is masked whole', () => {
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    it(`${format}: no 6-character piece of either line in the output`, () => {
      const r = runCli(['lint', '--no-config', '--no-env-check', '--format', format, ...Object.keys(FILES)], {
        cwd: dir,
      });
      assert.equal(r.code, 1, r.stderr);
      for (const name of Object.keys(FILES)) assert.ok(r.stdout.includes(name), `${name} reported`);
      assert.deepEqual(leakedRuns(r.stdout + r.stderr, SECRETS, 6), [], `${format}:\n${r.stdout}${r.stderr}`);
    });
  }
  it('the message still names the problem', () => {
    const r = runCli(['lint', '--no-config', '--no-env-check', '--no-color', 'fold.assistant.yaml'], { cwd: dir });
    assert.match(r.stdout, /Unknown provider '\*+/, r.stdout);
  });
});

describe('credential shapes: the words that continue a credential', () => {
  it('are masked in any text (a message quoting a folded value, a line break and indentation)', () => {
    assert.equal(
      maskShapes(`Unknown provider '${HEAD} ${TAIL}'.`),
      `Unknown provider '${'*'.repeat(HEAD.length + 1 + TAIL.length)}'.`,
    );
    assert.equal(maskShapes(`'${HEAD} ${TAIL.slice(0, 12)}…'`), `'${'*'.repeat(HEAD.length + 13)}…'`);
    const text = `provider: ${HEAD}\n      ${TAIL}\nmodel: x\n`;
    assert.deepEqual(credentialShapes(text), [{ offset: 10, length: text.indexOf('\nmodel') - 10 }]);
  });
  it('but not prose after it, a key on the next line, or a paragraph after a blank line', () => {
    assert.equal(maskShapes(`# ${HEAD} was revoked`), `# ${'*'.repeat(HEAD.length)} was revoked`);
    assert.equal(maskShapes(`x: ${HEAD}\napiVersion2: 1`), `x: ${'*'.repeat(HEAD.length)}\napiVersion2: 1`);
    assert.equal(maskShapes(`${HEAD}\n\nNext2 x`), `${'*'.repeat(HEAD.length)}\n\nNext2 x`);
  });
});
