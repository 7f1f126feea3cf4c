// One glob translation (server/src/shared/glob.ts) for the client's files.associations and the
// project config's include/exclude: the same pattern means the same files on both sides, and only
// what each matches against differs (a name or the whole path; gitignore-style anchoring).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globSource } from '../../server/src/shared/glob';
import { matchesAssociation } from '../../client/src/glob';
import { globMatches } from '../../server/src/service/projectConfig';

test('the glob syntax, once', () => {
  const re = (g: string): RegExp => new RegExp(`^${globSource(g)}$`);
  assert.ok(re('*.yaml').test('a.yaml') && !re('*.yaml').test('d/a.yaml'), '* stays in a segment');
  assert.ok(re('**/x.yaml').test('x.yaml') && re('**/x.yaml').test('a/b/x.yaml'), '**/ spans zero or more folders');
  assert.ok(re('a?.json').test('ab.json') && !re('a?.json').test('a/.json'));
  assert.ok(re('*.{yaml,yml}').test('c.yml') && !re('*.{yaml,yml}').test('c.json'));
  assert.ok(re('{*.tmp,cache/**}').test('cache/x/y') && re('{*.tmp,cache/**}').test('z.tmp'), 'alternatives are globs');
  assert.ok(re('[ab].yaml').test('b.yaml') && re('[!ab].yaml').test('c.yaml') && !re('[!ab].yaml').test('a.yaml'));
  assert.ok(re('a+b(1).yaml').test('a+b(1).yaml') && !re('a.yaml').test('abyaml'), 'other characters are literal');
  assert.ok(re('{x').test('{x') && re('[x').test('[x'), 'an unclosed brace or bracket is literal');
});

test('the client and the project config agree on a pattern, each in its own frame', () => {
  for (const [pattern, path, both] of [
    ['*.assistant.yaml', 'prod.assistant.yaml', true],
    ['config/*.{yaml,yml}', 'config/p.yml', true],
    ['config/*.{yaml,yml}', 'other/p.yml', false],
  ] as const) {
    assert.equal(matchesAssociation(pattern, `/${path}`), both, `files.associations ${pattern} ${path}`);
    assert.equal(globMatches(pattern, path), both, `exclude ${pattern} ${path}`);
  }
  // What differs: the project config's patterns also cover what is below a matched folder.
  assert.ok(globMatches('legacy', 'legacy/a.assistant.yaml'));
  assert.ok(!matchesAssociation('legacy', '/legacy/a.assistant.yaml'));
});
