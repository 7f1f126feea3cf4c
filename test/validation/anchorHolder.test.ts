// REVIEW18-user U7: a top-level key written only to hold an anchored block (`x-vendor-a: &vendorA`, a
// docker-compose habit), merged below with `<<: *vendorA`, was said as "AssistantConfig does not allow
// 'x-vendor-a'." and nothing more. The message now says where an anchor goes instead. A key that is a
// near miss, or whose home is known, keeps its own message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';

const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
const HOLDER =
  'kind: AssistantConfig\nversion: v2\n# shared\nx-vendor-a: &vendorA\n  provider: vendor_a\n  apiKey: {valueFromEnv: K}\ndefinition:\n  llm:\n    <<: *vendorA\n    model: big\n  aiPrimitivesLlm: *vendorA\n';

test('U7: a key that holds an anchored block says where the anchor goes (LF, CRLF)', () => {
  for (const eol of [(t: string) => t, crlf]) {
    const ds = validate(parse(eol(HOLDER), 'yaml')).filter((d) => d.code !== 'env-not-set');
    assert.deepEqual(
      ds.map((d) => [d.code, d.message]),
      [
        [
          'unknown-property',
          "AssistantConfig does not allow 'x-vendor-a'. If it is there to hold the anchor '&vendorA': an anchor needs no key of its own; put it where the block is first used (as in 'llm: &vendorA') and write '*vendorA' or '<<: *vendorA' where it is used again.",
        ],
      ],
    );
  }
  // Without an anchor, or a near miss of a known key: the message as before.
  const plain = validate(parse(HOLDER.replace(' &vendorA', '').replace(/\*vendorA/g, '{provider: hosted}'), 'yaml'));
  assert.deepEqual(
    plain.filter((d) => d.code === 'unknown-property' && d.message.includes('x-vendor-a')).map((d) => d.message),
    ["AssistantConfig does not allow 'x-vendor-a'."],
  );
  const near = validate(parse(HOLDER.replace('x-vendor-a', 'definitio'), 'yaml'));
  assert.ok(near.filter((d) => d.code === 'unknown-property').every((d) => !d.message.includes('to hold the anchor')));
});
