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
  assert.match(u.message, /Under provider 'cloud_a', the address is 'endpoint'\./);
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
