// The fast path's flow-collection reader alone, against the full `yaml`-package path: a flow sequence or
// mapping read by `FlowReader` must give exactly the tree the full parser builds for the same text
// (offsets, lengths, keys, colons, nested collections), or the reader must give up (Bail).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FlowReader } from '../../server/src/parser/fastYaml/flow';
import { Bail } from '../../server/src/parser/fastYaml/text';
import { parseYamlFull } from '../../server/src/parser/yaml';
import type { Node } from '../../server/src/parser/ast';
import { flow, strip, fixedSeed } from './yamlArbitraries';

const SEED = fixedSeed('fastYaml flow reader', 0xf10e);

function readFlow(src: string, maxDepth = 1000): Node | undefined {
  const c = src.charCodeAt(0);
  if (c !== 91 && c !== 123) return undefined;
  const r = new FlowReader(src, maxDepth);
  try {
    const node = c === 91 ? r.flowSeq(0, undefined, 0, 1) : r.flowMap(0, undefined, 0, 1);
    return r.flowEnd === src.length ? node : undefined;
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
}

function agreeFlow(src: string): boolean {
  const mine = readFlow(src);
  if (mine === undefined) return false;
  const full = parseYamlFull(src);
  assert.deepEqual(full.problems, [], `the full parser reads ${JSON.stringify(src)} without problems`);
  assert.deepEqual(strip(mine), strip(full.root), `flow ${JSON.stringify(src)}`);
  return true;
}

describe('fast YAML flow reader (differential)', () => {
  it('reads nested flow collections, also across lines', () => {
    for (const s of [
      '[]',
      '{}',
      '[a, b]',
      '[a, [b, c], {d: e}]',
      '{a: 1, b, c: }',
      '{"x": 1, \'y\': [2]}',
      '[1,\n  2]',
      '[\n  id,\n  amount\n]',
      '{a: [1, 2],}',
      '[ "x" , \'y\' ]',
    ]) {
      assert.ok(agreeFlow(s), `engages on ${JSON.stringify(s)}`);
    }
  });
  it('declines what it does not read', () => {
    for (const s of ['[a: 1]', '{b:c}', '[,]', '[a # c\n]', '[a\n b]', '{a: 1'])
      assert.equal(readFlow(s), undefined, `declines ${JSON.stringify(s)}`);
  });
  it('generated flow collections: the same tree, or a decline', () => {
    let engaged = 0;
    fc.assert(
      fc.property(flow, (s) => {
        if (agreeFlow(s)) engaged++;
      }),
      { seed: SEED, numRuns: 1500 },
    );
    assert.ok(engaged > 300, `engaged on ${engaged}`);
  });
});
