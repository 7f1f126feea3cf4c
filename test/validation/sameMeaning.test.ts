// REVIEW14-user U3: the address or the model written under another variant's name (`baseUrl` under
// `provider: cloud_a`, whose address is `endpoint`) is said so, with a preferred rename that keeps the
// value; never removed, never renamed by `--fix` (which of two names the user meant is theirs to say).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { safeFixFor } from '../../server/src/service/fixAll';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

const CLOUD_A = `${H}  llm:
    provider: cloud_a   # moved from vendor_a last week
    baseUrl: https://my-resource.cloud-a.example/  # the deployment's address
    apiVersion: "2024-06-01"
    model: gpt-deployment
    apiKey:
      valueFromEnv: CLOUD_A_API_KEY
`;

test("U3: 'baseUrl' under provider cloud_a says the address is 'endpoint' there; the preferred fix renames it", () => {
  const doc = parse(CLOUD_A, 'yaml');
  const diags = validate(doc);
  const u = diags.find((d) => d.code === 'unknown-property');
  assert.ok(u, 'unknown-property');
  // (cloud_a requires the address: said on this key, not also "requires endpoint" on the mapping.)
  assert.match(
    u.message,
    /Under provider 'cloud_a', the address is 'endpoint', which it requires: rename 'baseUrl' to 'endpoint'\./,
  );
  assert.deepEqual(
    diags.map((d) => d.code),
    ['unknown-property'],
  );
  assert.equal(u.data?.sameMeaning, 'endpoint');
  const fixes = fixesFor(CLOUD_A, u);
  assert.equal(fixes[0]!.title, "Rename 'baseUrl' to 'endpoint'");
  assert.equal(fixes[0]!.preferred, true);
  assert.equal(fixes.filter((f) => f.preferred).length, 1);
  // Removing it stays on offer, not preferred (a leftover address may be what the user wants gone).
  assert.ok(
    fixes.some((f) => f.title === "Remove 'baseUrl'" && !f.preferred),
    fixes.map((f) => f.title).join('; '),
  );
  const after = fixes[0]!.result;
  assert.equal(after, CLOUD_A.replace('baseUrl:', 'endpoint:'));
  assert.deepEqual(
    validate(parse(after, 'yaml')).map((d) => d.code),
    [],
  );
  // `--fix` leaves it (the rename is a choice between two names, not a misspelling).
  assert.equal(safeFixFor(doc, u), undefined);
});

test("U3: 'endpoint' under vendor_a says the address is 'baseUrl'; CRLF kept by the rename", () => {
  const text = `${H}  llm:\r\n    provider: vendor_a\r\n    endpoint: https://gateway.example.com/v1\r\n    apiKey: { valueFromEnv: VENDOR_A_API_KEY }\r\n`;
  const u = validate(parse(text, 'yaml')).find((d) => d.code === 'unknown-property');
  assert.ok(u);
  assert.match(u.message, /Under provider 'vendor_a', the address is 'baseUrl'\./);
  const [fix] = fixesFor(text, u);
  assert.equal(fix!.result, text.replace('endpoint:', 'baseUrl:'));
});

test('no such note where the variant already has the key, or where the variant has no key of that meaning', () => {
  const both = `${H}  llm:\n    provider: cloud_a\n    endpoint: https://a.example/\n    baseUrl: https://b.example/\n    apiVersion: "2024-06-01"\n    apiKey: { valueFromEnv: K }\n`;
  const u = validate(parse(both, 'yaml')).find((d) => d.code === 'unknown-property');
  assert.ok(u);
  assert.equal(u.data?.sameMeaning, undefined);
  assert.doesNotMatch(u.message, /the address is/);
  // hosted has no address field: the provider switch is offered, no rename.
  const hosted = `${H}  llm:\n    provider: hosted\n    baseUrl: https://b.example/\n`;
  const h = validate(parse(hosted, 'yaml')).find((d) => d.code === 'unknown-property');
  assert.ok(h);
  assert.equal(h.data?.sameMeaning, undefined);
  assert.ok(!fixesFor(hosted, h).some((f) => f.title.startsWith('Rename')));
});

// compare19 (bench/errors-vs-peers.mjs, cases y07 and j05): the region is the third thing variants name
// differently (cloud_b's `cloudLocation`, "Region-style location", and cloud_c's `regionName`), and a
// key of another variant's name standing for a required field the mapping lacks is one finding on that
// key, which names the field to rename it to; yaml-language-server and VS Code's JSON server say two
// things ("Missing property", "Property … is not allowed") and neither names the rename.
const CLOUD_B = `${H}  llm:
    provider: cloud_b   # was cloud_c
    modelId: model-001
    cloudProject: analytics-prod
    regionName: europe-west4
    cloudServiceAccountKeyJson:
      valueFromEnv: CLOUD_B_KEY_JSON
`;

test("compare19: 'regionName' under provider cloud_b, which lacks 'cloudLocation': one finding naming the rename", () => {
  for (const text of [CLOUD_B, CLOUD_B.replace(/\n/g, '\r\n')]) {
    const doc = parse(text, 'yaml');
    const diags = validate(doc);
    assert.deepEqual(
      diags.map((d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}`),
      ['unknown-property regionName'],
    );
    const u = diags[0]!;
    assert.match(
      u.message,
      /Under provider 'cloud_b', the region is 'cloudLocation', which it requires: rename 'regionName' to 'cloudLocation'\./,
    );
    const fixes = fixesFor(text, u);
    assert.equal(fixes[0]!.title, "Rename 'regionName' to 'cloudLocation'");
    assert.equal(fixes[0]!.preferred, true);
    assert.equal(fixes[0]!.result, text.replace('regionName:', 'cloudLocation:'));
    assert.deepEqual(validate(parse(fixes[0]!.result, 'yaml')), []);
    // `--fix` leaves it: which of two names is meant is the user's to say.
    assert.equal(safeFixFor(doc, u), undefined);
  }
});

test("compare19: 'baseUrl' under cloud_a in JSON, minified too: one finding; with 'endpoint' written, no rename is said", () => {
  const pretty = `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": {
      "provider": "cloud_a",
      "baseUrl": "https://my-resource.cloud-a.example/",
      "apiKey": { "valueFromEnv": "CLOUD_A_API_KEY" }
    }
  }
}
`;
  for (const text of [pretty, JSON.stringify(JSON.parse(pretty))]) {
    const diags = validate(parse(text, 'json'));
    assert.deepEqual(
      diags.map((d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}`),
      ['unknown-property "baseUrl"'],
    );
    assert.match(diags[0]!.message, /the address is 'endpoint', which it requires: rename 'baseUrl' to 'endpoint'\./);
  }
  // cloud_c with cloud_b's `cloudLocation` beside its own `regionName`: nothing is missing, no rename.
  const both = `${H}  llm:\n    provider: cloud_c\n    modelId: m\n    regionName: us-east-1\n    cloudLocation: us-east-1\n    cloudAccessKeyId: { valueFromEnv: A }\n    cloudSecretAccessKey: { valueFromEnv: B }\n`;
  const u = validate(parse(both, 'yaml')).filter((d) => d.code === 'unknown-property');
  assert.equal(u.length, 1);
  assert.doesNotMatch(u[0]!.message, /rename|the region is/);
  // The address written twice (a duplicate key): which one is meant is unclear, the mapping says what it lacks.
  const twoAddresses = `${H}  llm:\n    provider: cloud_a\n    baseUrl: https://a.example/\n    baseUrl: https://b.example/\n    apiKey: { valueFromEnv: K }\n`;
  assert.ok(validate(parse(twoAddresses, 'yaml')).some((d) => d.code === 'missing-required'));
});
