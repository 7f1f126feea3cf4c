// The browser build's stand-ins for Node modules (client/src/web/), checked against Node's own:
// Test Connection runs on them in the web extension.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import fc from 'fast-check';
import { createHash as webCreateHash } from '../../client/src/web/crypto';
import { isIP as webIsIP } from '../../client/src/web/net';
import { Buffer as WebBuffer } from '../../client/src/web/bufferGlobal';
import { testSeed } from '../seed';

const SEED = testSeed('web shims', 16014, 'FUZZ_SEED');

test(`sha256 equals node:crypto's on any text (seed ${SEED})`, () => {
  for (const s of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'é€😀\n'.repeat(40)])
    assert.equal(
      webCreateHash('sha256').update(s).digest('hex'),
      createHash('sha256').update(s).digest('hex'),
      JSON.stringify(s),
    );
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 300 }),
      (s) => webCreateHash('sha256').update(s).digest('hex') === createHash('sha256').update(s).digest('hex'),
    ),
    { seed: SEED, numRuns: 300 },
  );
});

test('isIP agrees with node:net on addresses and near-misses', () => {
  const cases = [
    '127.0.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '::1',
    '::',
    'fe80::1%eth0',
    '2001:db8::8a2e:370:7334',
    '2001:db8:0:0:0:0:2:1',
    '1:2:3:4:5:6:7:8:9',
    '::ffff:192.0.2.1',
    ':::1',
    'localhost',
    'example.com',
    '',
    '1::2::3',
    'g::1',
    '[::1]',
  ];
  for (const c of cases) assert.equal(webIsIP(c), isIP(c), c);
});

test(`Buffer subset: utf8, base64 and base64url as Node's (seed ${SEED})`, () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
      const ours = WebBuffer.from(s, 'utf8');
      const node = Buffer.from(s, 'utf8');
      assert.equal(ours.toString('base64'), node.toString('base64'));
      assert.equal(ours.toString('base64url'), node.toString('base64url'));
      assert.equal(WebBuffer.from(node.toString('base64url'), 'base64url').toString('utf8'), node.toString('utf8'));
      assert.equal(ours.toString('utf8', 0, 7), node.toString('utf8', 0, 7));
      return true;
    }),
    { seed: SEED, numRuns: 300 },
  );
  assert.equal(WebBuffer.concat([WebBuffer.from('ab'), WebBuffer.from('c')]).toString(), 'abc');
  assert.equal(WebBuffer.alloc(0).length, 0);
});
