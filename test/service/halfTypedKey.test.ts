// Review D11: a key being typed under a credential field (`apiKey:` then `valueFr`) is a near-miss of
// the EnvironmentValue's keys, not a literal credential: no secret move is offered for it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../server/src/service/analyze';
import { getCodeActions } from '../../server/src/service/codeActions';
import { maskSecrets, messageMasker } from '../../server/src/service/secretRanges';
import { fakeSecret } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n';

test('a half-typed key under apiKey is reported as a near-miss of valueFromEnv / value, never as a secret', () => {
  for (const [typed, meant] of [
    ['valueFr', 'valueFromEnv'],
    ['val', 'valueFromEnv'],
    ['valeu', 'value'],
    ['valueFromEnvv', 'valueFromEnv'],
  ] as const) {
    const text = `${H}    apiKey:\n      ${typed}`;
    const { doc, diagnostics } = analyze(text, 'yaml');
    assert.ok(!diagnostics.some((d) => d.code === 'literal-secret'), typed);
    const d = diagnostics.find((x) => x.offset === text.lastIndexOf(typed));
    assert.ok(d, `${typed}: ${JSON.stringify(diagnostics)}`);
    assert.equal(d.code, 'invalid-type');
    assert.match(d.message, new RegExp(`did you mean '${meant}'\\?`));
    const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } });
    assert.ok(!actions.some((a) => a.dotenv), `${typed}: no .env move`);
    // Not masked as a secret either: the frame shows it, the message names the key in full.
    assert.equal(maskSecrets(text, doc), text);
    assert.equal(messageMasker(doc)(d.message), d.message);
  }
});

test('a real credential written where an EnvironmentValue belongs is still a literal secret', () => {
  for (const secret of [fakeSecret('sk-' + 'proj-', 25, 0x3d45), 'hunter2', 'Xk9pQ2mZ7vL4nR8t', '"valueFr"']) {
    const { diagnostics } = analyze(`${H}    apiKey:\n      ${secret}\n`, 'yaml');
    assert.ok(
      diagnostics.some((d) => d.code === 'literal-secret'),
      `${secret}: ${diagnostics.map((d) => d.code).join()}`,
    );
  }
});

// compare19 (bench/errors-vs-peers.mjs, case y20): a key being typed on a line of its own, no colon yet
// (`  maxAss`, `  systemInstructions`), was said in the parser's words, "Implicit map keys need to be
// followed by map values". It is said as what it is; the word is not quoted (a credential pasted on a
// line of its own reads as such a key). The near miss beside it keeps its own finding.
test('a key with no colon on a line of its own: the syntax error says a colon is missing, in words a user reads', () => {
  const D = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';
  const secret = fakeSecret('sk-' + 'live-', 24, 0x1c19);
  for (const [line, also] of [
    ['  maxAss', ['unknown-property']],
    ['  systemInstructions', []],
    ['  systemInstructions  # to do', []],
    [`  ${secret}`, ['unknown-property']],
  ] as const) {
    for (const eol of ['\n', '\r\n']) {
      const text = `${D}${line}\n  contextWindowLimit: 64000\n`.replace(/\n/g, eol);
      const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code !== 'env-not-set');
      const syntax = ds.filter((d) => d.code === 'syntax-error');
      assert.equal(syntax.length, 1, `${line}: ${JSON.stringify(ds)}`);
      assert.equal(text.slice(syntax[0]!.offset, syntax[0]!.offset + 4), line.trim().slice(0, 4));
      assert.match(syntax[0]!.message, /^A ':' is missing after this key, or the line is unfinished/);
      assert.doesNotMatch(syntax[0]!.message, /Implicit/);
      assert.ok(!syntax[0]!.message.includes(secret.slice(3, 9)));
      assert.deepEqual(
        ds.filter((d) => d.code !== 'syntax-error' && d.code !== 'literal-secret').map((d) => d.code),
        also,
        line,
      );
    }
  }
  // A line with more on it keeps its own message (a lost colon: parser/colonRepair.ts).
  const lost = analyze(`${D}  maxAssistantActions 5\n`, 'yaml').diagnostics.find((d) => d.code === 'syntax-error');
  assert.match(lost!.message, /^A ':' is missing after this key: without it/);
});
