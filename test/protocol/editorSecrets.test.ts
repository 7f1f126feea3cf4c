// Every text the editor shows that comes from the document goes through the masking helper
// (service/secretRanges.ts), REVIEW2 E17: hovers (an alias previews its anchored node), the status
// item's provider, code lenses, inlay hints, outline, completion labels and details, action titles,
// links. Hand-written documents hold credentials the way users paste them: a plain-string `apiKey`,
// a URL password, a key pasted into `provider:`/`model:`, a GitHub token, a JWT, an AWS pair, an
// old key in a comment. No 6-character piece of any of them may reach the client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { leakedRuns } from '../cli/helpers';
import { fakeJwt, fakeSecret } from '../helpers';

const SK = fakeSecret('sk-' + 'proj-', 25, 0x3d06);
const SK2 = 'sk-proj-OldKey111222333444555666';
const SK3 = fakeSecret('sk-' + 'proj-', 24, 0x3d07);
const GHP = fakeSecret('gh' + 'p_', 36, 0x3d08);
const JWT = fakeJwt(0x3d09, { sub: '1234567890' });
const URLPW = 'Zq7Wm3Rt9Kp2Xv';
const AWS = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYZQ7T3W9KAB';
const PLAIN = 'hunter2hunter2zz';
const PLAIN2 = 'qwertyuiop0987zz';
const PLAIN3 = 'zxcvbnm5432asdfgh';

/** The distinctive part of each secret (a public prefix such as `sk-proj-` is no secret). */
const SECRETS = [
  SK.slice(8),
  SK2.slice(8),
  SK3.slice(8),
  GHP.slice(4),
  JWT.slice(JWT.indexOf('.') + 1),
  URLPW,
  AWS,
  PLAIN,
  PLAIN2,
  PLAIN3,
];

/** Every secret of which a 6-character piece stands in the text (one hit per secret). */
const leaks = (text: string): string[] => leakedRuns(text, SECRETS, 6);

const DOCS: Record<string, string> = {
  // The reviewer's document: an alias of an anchored node with a plain-string key and a URL password.
  'alias.assistant.yaml': `kind: AssistantConfig
version: v2
definition:
  llm: &k
    provider: vendor_a
    # old key: ${SK2}
    apiKey: ${SK}
    baseUrl: https://bob:${URLPW}@gw.example.com/v1
    fallback: &f
      provider: cloud_c
      modelId: m
      regionName: r
      cloudAccessKeyId: {value: AKIAIOSFODNN7EXAMPLE}
      cloudSecretAccessKey: {value: "${AWS}"}
  aiPrimitivesLlm: *k
  threadTitleGeneration: {enable: true, llm: *f}
`,
  // A key pasted one line too high (provider), a token as the model, a plain literal credential that
  // has no known shape, a misspelt credential key, a JWT as a flag; all reached through aliases too.
  'pasted.assistant.yaml': `kind: AssistantConfig
version: v2
definition:
  llm: &m   # shared
    provider: ${SK3}
    model: ${GHP}
    apiKey: ${PLAIN}
    fallback: &fb
      provider: vendor_b
      apiKy: ${PLAIN2}
      apiKey: {valueFromEnv: ${GHP}}
      fallback: {provider: ${SK3}}
  aiPrimitivesLlm:
    <<: *m
  overrideAiPrimitivesLlm:
    - primitiveName: summarize
      llm: *fb
    - primitiveName: ${JWT}
      llm: *m
  featureFlags:
    beta: ${JWT}
  schemaSelector:
    type: llm_selector
    llm: *m
`,
  // The variable name a completion or a fix suggests is made from the provider: never from a pasted key.
  'envname.assistant.yaml': `kind: AssistantConfig
version: v2
definition:
  llm:
    provider: ${SK3}
    apiKey:
      valueFromEnv: 
`,
  // A plain literal anchored elsewhere and used as a credential through an alias.
  'aliasedkey.assistant.yaml': `kind: AssistantConfig
version: v2
definition:
  featureFlags:
    stash: &pk ${PLAIN3}
  llm:
    provider: vendor_a
    apiKey: *pk
`,
  'pasted.assistant.json': `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": {
      "provider": "${SK3}",
      "apiKey": "${PLAIN}",
      "baseUrl": "https://u:${URLPW}@h.example/v1",
      "fallback": { "provider": "vendor_a", "apiKey": { "value": "${GHP}" } }
    },
    "featureFlags": { "beta": "${JWT}" }
  }
}
`,
};

test('hovers, status, lenses, hints, outline, completions and titles show no piece of a credential', async () => {
  const c = new TestClient();
  const seen: string[] = [];
  const statuses: { uri: string; llmProvider?: string }[] = [];
  c.conn.onNotification('assistantConfig/status', (p: { uri: string; llmProvider?: string }) => {
    statuses.push(p);
    seen.push(`status ${JSON.stringify(p)}`);
  });
  try {
    await c.initialize();
    for (const [name, text] of Object.entries(DOCS)) {
      const uri = `file:///w/${name}`;
      await c.open(uri, text, name.endsWith('.json') ? 'assistantconfig-json' : 'assistantconfig');
      const diags = await c.waitForDiagnostics(uri);
      seen.push(`${name} diagnostics ${JSON.stringify(diags)}`);
      const textDocument = { uri };
      const lines = text.split('\n');
      const all = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
      for (const m of ['textDocument/documentSymbol', 'textDocument/codeLens', 'textDocument/documentLink'])
        seen.push(`${name} ${m} ${JSON.stringify(await c.request(m, { textDocument }))}`);
      seen.push(
        `${name} inlay ${JSON.stringify(await c.request('textDocument/inlayHint', { textDocument, range: all }))}`,
      );
      for (let line = 0; line < lines.length; line++) {
        const l = lines[line]!;
        for (let character = 0; character <= l.length; character++) {
          const position = { line, character };
          const h = await c.request('textDocument/hover', { textDocument, position });
          if (h) seen.push(`${name} hover ${line}:${character} ${JSON.stringify(h)}`);
        }
        for (const character of new Set([0, l.indexOf(':') + 2, l.length])) {
          const position = { line, character: Math.min(character, l.length) };
          const items = await c.request<{ items: { label: string; detail?: string }[] } | null>(
            'textDocument/completion',
            { textDocument, position },
          );
          for (const it of (items?.items ?? []).slice(0, 40)) {
            seen.push(`${name} completion ${line}:${character} ${JSON.stringify(it)}`);
            seen.push(`${name} resolve ${JSON.stringify(await c.request('completionItem/resolve', it))}`);
          }
        }
        const range = { start: { line, character: 0 }, end: { line, character: l.length } };
        const actions = await c.request<{ title: string }[]>('textDocument/codeAction', {
          textDocument,
          range,
          context: { diagnostics: diags.diagnostics },
        });
        seen.push(`${name} actions ${JSON.stringify(actions.map((a) => a.title))}`);
      }
    }
    assert.ok(seen.length > 200, String(seen.length));
    // Also a key turned into a variable name (`SK_PROJ_QZ8_LW2…_API_KEY`): underscores put in, case changed.
    const pieces = (s: string): string[] => [...leaks(s), ...leaks(s.replace(/_/g, ''))];
    const found = seen.filter((s) => pieces(s).length > 0);
    assert.deepEqual(
      found.map((s) => `${pieces(s).join(',')} in ${s.slice(0, 600)}`),
      [],
    );
    // The status item names the provider in force, masked when it is a pasted key.
    const pasted = statuses.filter((s) => s.uri.endsWith('pasted.assistant.yaml'));
    assert.ok(pasted.length > 0, 'a status notification for the document');
    assert.match(pasted.at(-1)!.llmProvider ?? '', /^sk-proj-\*+$|^\*+$/, JSON.stringify(pasted));
    assert.equal(statuses.find((s) => s.uri.endsWith('alias.assistant.yaml'))?.llmProvider, 'vendor_a');
    // The alias preview still previews: keys, variants and harmless values are there.
    const aliasHover = seen.find((s) => s.startsWith('alias.assistant.yaml hover 14:20'));
    assert.match(aliasHover ?? '', /Alias of `&k`/, aliasHover);
    assert.match(aliasHover ?? '', /provider: vendor_a/, aliasHover);
    assert.match(aliasHover ?? '', /apiKey: /, aliasHover);
    assert.match(aliasHover ?? '', /https:\/\/\*+@gw\.example/, aliasHover);
    assert.equal(await c.shutdown(), 0);
  } finally {
    c.kill();
  }
});
