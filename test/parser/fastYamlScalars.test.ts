// The fast path's scalar reader alone, against the full `yaml`-package path: a plain or quoted scalar
// read by `ScalarReader` must give exactly the node (type, value, quoting, range) that the full parser
// builds for the same text, and a plain key the same key string; or the reader must give up (Bail).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ScalarReader, TERM_EOL, BAD_PLAIN_START } from '../../server/src/parser/fastYaml/scalars';
import { Bail } from '../../server/src/parser/fastYaml/text';
import { parseYamlFull } from '../../server/src/parser/yaml';
import type { ObjectNode } from '../../server/src/parser/ast';
import { plainScalar, plainSpecial, singleQuoted, doubleQuoted, strip, fixedSeed } from './yamlArbitraries';

const SEED = fixedSeed('fastYaml scalar reader', 0x5ca1a7);

/** Reads `src` (one scalar, nothing else) with the scalar reader; undefined when it gives up. */
function readScalar(src: string): unknown {
  const r = new ScalarReader(src);
  try {
    const c = src.charCodeAt(0);
    if (c === 34 || c === 39) {
      const end = r.scanQuoted(0);
      if (end !== src.length) return undefined;
      return { type: 'string', value: r.qValue, quoted: true, offset: 0, length: end };
    }
    // The block and flow readers check a plain scalar's first character before handing it over.
    if (c < 128 && BAD_PLAIN_START[c] === 1) return undefined;
    if (c === 45 && (src.length === 1 || src[1] === ' ')) return undefined; // `- `: a sequence entry
    const end = r.scanPlainBlock(0);
    if (r.term !== TERM_EOL || end !== src.length) return undefined;
    return strip(r.plainNode(0, end, undefined));
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
}

/** Agrees with the full parser, or declines. Returns whether it engaged. */
function agreeScalar(src: string): boolean {
  const mine = readScalar(src);
  if (mine === undefined) return false;
  const full = parseYamlFull(src);
  assert.deepEqual(full.problems, [], `the full parser reads ${JSON.stringify(src)} without problems`);
  assert.deepEqual(mine, strip(full.root), `scalar ${JSON.stringify(src)}`);
  return true;
}

function agreeKey(src: string): boolean {
  const r = new ScalarReader(src + ': 1');
  let key: string;
  const c = src.charCodeAt(0);
  if (c < 128 && BAD_PLAIN_START[c] === 1) return false;
  try {
    const end = r.scanPlainBlock(0);
    if (r.termPos !== src.length || end !== src.length) return false;
    key = r.plainKeyString(0, end);
  } catch (e) {
    if (e instanceof Bail) return false;
    throw e;
  }
  const full = parseYamlFull(src + ': 1');
  const root = full.root as ObjectNode;
  assert.equal(key, root.properties[0]!.key.value, `key ${JSON.stringify(src)}`);
  return true;
}

describe('fast YAML scalar reader (differential)', () => {
  it('resolves plain scalars with the core schema exactly as the yaml package', () => {
    for (const s of [
      '1',
      '-0',
      '0o17',
      '0x1F',
      '1e3',
      '.inf',
      '-.Inf',
      '.NaN',
      'null',
      '~',
      'True',
      'FALSE',
      'yes',
      '12345678901234567890',
      '1_000',
      'a b',
      'x:y',
      'x#y',
    ]) {
      assert.ok(agreeScalar(s), `engages on ${s}`);
    }
  });
  it('reads quoted scalars and their escapes exactly as the yaml package', () => {
    for (const s of ["'it''s'", '"\\t\\u00e9\\U0001F600\\x41\\_\\N\\L\\P\\0"', '""', "''", '"a\\"b"'])
      assert.ok(agreeScalar(s), `engages on ${s}`);
    for (const s of ['"\\q"', '"\\x4"', '"\\U00110000"', '"unterminated', '"a\nb"'])
      assert.equal(readScalar(s), undefined, `declines ${JSON.stringify(s)}`);
  });
  it('generated scalars: the same node, or a decline', () => {
    let engaged = 0;
    fc.assert(
      fc.property(fc.oneof(plainScalar, plainSpecial, singleQuoted, doubleQuoted), (s) => {
        if (agreeScalar(s)) engaged++;
      }),
      { seed: SEED, numRuns: 1500 },
    );
    assert.ok(engaged > 500, `engaged on ${engaged}`);
  });
  it('generated plain keys: the same key string', () => {
    fc.assert(
      fc.property(fc.oneof(plainScalar, plainSpecial), (s) => {
        agreeKey(s);
      }),
      { seed: SEED + 1, numRuns: 800 },
    );
  });
});
