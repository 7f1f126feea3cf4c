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
