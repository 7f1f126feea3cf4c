// REVIEW6 I1 (rest): a key known by its name, not its shape. An Azure OpenAI key is 32 hex digits,
// which alone is any hash and is never flagged; after a credential-named query parameter (`api-key=`,
// `key=`, `sig=`, `access_token=`…) or a portal's `KEY 1:` / `KEY 2:` label it is a literal-secret
// warning whatever its shape, masked in frames, `--fix-dry-run` diffs and the `--cache` file. Commit
// hashes, checksums, cache busters and placeholders next to other names stay quiet. The fake keys
// are built at run time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze } from '../../server/src/service';
import { credentialShapes } from '../../server/src/service/credentialShapes';
import { leakedRuns, runCli } from '../cli/helpers';

/** 32 hex digits (the shape of an Azure OpenAI key), plainly fake. */
const HEX = '0123456789abcdef'.repeat(2);
const HEX2 = 'fedcba9876543210'.repeat(2);
/** A SAS signature as a URL carries it (base64, %-encoded), plainly fake. */
const SIG = ['Fake', 'Test', 'Only0123456789', 'abcdEF', ''].join('%2B') + '%3D';
const SHA40 = 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3';
const SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const secretFindings = (text: string) => analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'literal-secret');
const llm = (extra: string): string =>
  `${head}  llm:\n    provider: cloud_a\n    endpoint: https://acme.openai.azure.com/\n    apiKey: {valueFromEnv: AZURE_OPENAI_KEY}\n${extra}`;

test('a key after a credential-named query parameter or a KEY 1:/KEY 2: label is literal-secret, whatever its shape', () => {
  const cases: [string, string, string][] = [
    [
      "the endpoint's api-key=",
      `  aiPrimitivesLlm: {provider: cloud_a, endpoint: "https://acme.openai.azure.com/openai?api-key=${HEX}", apiKey: {valueFromEnv: K}}\n`,
      HEX,
    ],
    [
      'a ?key= query',
      `  aiPrimitivesLlm: {provider: vendor_a, baseUrl: "https://gw.example.com/v1?key=${HEX}", apiKey: {valueFromEnv: K}}\n`,
      HEX,
    ],
    [
      'a SAS sig= after other parameters',
      `  # https://acme.blob.core.windows.net/c?sv=2022-11-02&sp=r&sig=${SIG}\n`,
      SIG,
    ],
    ['an access_token= in a comment', `  # access_token=${HEX2}\n`, HEX2],
    ['a variable assignment in a comment', `  # AZURE_OPENAI_API_KEY=${HEX}\n`, HEX],
    ["the portal's KEY 1 label", `  # KEY 1: ${HEX}\n`, HEX],
    ["the portal's KEY 2 label with words", `  # Key 2 from the portal: "${HEX2}"\n`, HEX2],
  ];
  for (const [what, body, key] of cases) {
    const text = llm(body);
    const found = secretFindings(text);
    assert.equal(found.length, 1, `${what}: ${JSON.stringify(found)}`);
    assert.equal(found[0]!.severity, 'warning', what);
    const at = text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length);
    assert.ok(at.includes(key), `${what}: ${at}`);
    assert.deepEqual(leakedRuns(found[0]!.message, [key], 6), [], what);
  }
});

test('no false alarm on hashes, checksums, cache busters, placeholders and words next to other names', () => {
  const body = [
    `  # commit ${SHA40} (HEAD), ${HEX} alone is a hash`,
    `  # sha256=${SHA256}`,
    `  # checksum: ${HEX}; etag=${HEX}`,
    `  # https://cdn.example.com/app.js?v=${HEX}&rev=${HEX2}`,
    `  # https://gateway.ai.cloudflare.com/v1/${HEX}/gw/azure-openai`,
    '  # https://acme.openai.azure.com/openai?api-version=2024-06-01&api-key=${AZURE_OPENAI_KEY}',
    '  # ?api-key=AZURE_OPENAI_KEY_2&token=see-the-team-wiki-for-this&key=<your-key-here>',
    `  # the primary key: order_id_2024_customer_region; KEY 1 is in the vault`,
    `  featureFlags: {build_${HEX}: true, release: "${HEX}"}`,
    // Names, versions and dates under a credential's name (sec8): words and numbers, not a key.
    '  # key1: release_2024_11; KEY 2: build-2024-11-22; api_key=v2.14.0-beta.3; x-api-key=2024-11-22_10-00-00',
    `  systemInstructions: "Orders carry a hash like ${HEX}; mention the key 1 rule: answer briefly."`,
    '',
  ].join('\n');
  assert.deepEqual(secretFindings(llm(body)), []);
  assert.deepEqual(credentialShapes(body), []);
  // In a feature-flag map too; a key whose runs mix letters and digits is still one.
  const flags = llm(
    `  featureFlags:\n    key1: release_2024_11\n    key2: build-2024-11-22\n    key3: sk-proj-${HEX}\n`,
  );
  const found = secretFindings(flags);
  assert.deepEqual(
    found.map((d) => flags.slice(d.offset, d.offset + d.length)),
    [`sk-proj-${HEX}`],
  );
});

test('masked in frames, --fix-dry-run diffs and the --cache file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-i1n-'));
  const file = join(dir, 'az.assistant.yaml');
  writeFileSync(
    file,
    `${head}  llm:\n    provider: cloud_a\n    # KEY 1: ${HEX2}\n    endpont: https://acme.openai.azure.com/openai?api-key=${HEX}\n    apiKey: {valueFromEnv: AZURE_OPENAI_KEY}\n`,
  );
  const lint = runCli(['lint', '--no-env-check', file]);
  assert.match(lint.stdout, /literal-secret/);
  assert.match(lint.stdout, /# KEY 1: \*{32}/);
  assert.match(lint.stdout, /api-key=\*{32}/);
  assert.deepEqual(leakedRuns(lint.stdout + lint.stderr, [HEX, HEX2], 6), []);
  const dry = runCli(['lint', '--no-env-check', '--fix-dry-run', file]);
  // The misspelt key is renamed all the same: the credential it holds is no new one.
  assert.match(dry.stdout, /\+ {4}endpoint: https:\/\/acme\.openai\.azure\.com\/openai\?api-key=\*{32}/);
  assert.deepEqual(leakedRuns(dry.stdout + dry.stderr, [HEX, HEX2], 6), []);
  const cache = join(dir, 'cache.json');
  runCli(['lint', '--no-env-check', '--cache', '--cache-location', cache, file]);
  assert.deepEqual(leakedRuns(readFileSync(cache, 'utf8'), [HEX, HEX2], 6), []);
});
