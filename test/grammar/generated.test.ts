// The committed grammars are what scripts/gen-grammar.mjs generates from the schema, and package.json points at them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { blockTypes, primitives, providers, readJson, repoFile, root, selectorTypes } from './helpers';

interface Grammar {
  scopeName?: string;
  patterns?: { include?: string }[];
  injections?: Record<string, unknown>;
  repository?: Record<string, unknown>;
}

describe('generated grammars', () => {
  it('the committed grammars equal what scripts/gen-grammar.mjs generates from the schema', () => {
    const run = spawnSync(process.execPath, [repoFile('scripts/gen-grammar.mjs'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, `gen-grammar --check failed:\n${run.stdout}${run.stderr}`);
  });

  it('package.json contributes both grammars and language configurations at the paths and scope names used', () => {
    const pkg = readJson('package.json') as {
      contributes: {
        grammars: { language: string; scopeName: string; path: string }[];
        languages: { id: string; configuration: string }[];
      };
    };
    for (const g of pkg.contributes.grammars) {
      assert.ok(existsSync(repoFile(g.path)), `${g.path} exists`);
      assert.equal((readJson(g.path) as Grammar).scopeName, g.scopeName);
    }
    for (const l of pkg.contributes.languages)
      assert.ok(existsSync(repoFile(l.configuration)), `${l.configuration} exists`);
  });

  it('each grammar builds on its base grammar and injects its rules with left priority', () => {
    const yaml = readJson('syntaxes/assistantconfig.tmLanguage.json') as Grammar;
    const json = readJson('syntaxes/assistantconfig-json.tmLanguage.json') as Grammar;
    assert.deepEqual(yaml.patterns, [{ include: 'source.yaml' }]);
    assert.deepEqual(json.patterns, [{ include: 'source.json' }]);
    for (const g of [yaml, json]) {
      const selectors = Object.keys(g.injections ?? {});
      assert.ok(selectors.length > 0);
      for (const s of selectors) {
        for (const part of s.split(',').map((p) => p.trim())) {
          assert.match(part, /^L:source\.assistantconfig(\.json)? /);
          // outside keys, never inside strings or comments (block scalars, quoted text, comments stay as they are)
          if (!part.includes('entity.name.tag')) assert.match(part, / -string -comment/);
        }
      }
    }
  });

  it('no rule is searched with an unbounded look-behind at every position (long lines stay fast)', () => {
    // A rule that starts with a look-behind of unbounded length is tried at every position of a line, and made
    // long flow lines quadratic. Rules start with `\\G` (tried at one position), a key literal, or a short look-behind.
    const yaml = readJson('syntaxes/assistantconfig.tmLanguage.json') as {
      repository: Record<string, { match?: string; begin?: string }>;
    };
    for (const [name, rule] of Object.entries(yaml.repository)) {
      const re = rule.match ?? rule.begin ?? '';
      const lookBehind = /^(?:\(\?!\\A\))?\(\?<=((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)/.exec(re);
      if (lookBehind)
        assert.doesNotMatch(lookBehind[1] ?? '', /[*+]/, `${name} starts with an unbounded look-behind: ${re}`);
    }
  });

  it('every value of the schema appears in both grammars', () => {
    for (const path of ['syntaxes/assistantconfig.tmLanguage.json', 'syntaxes/assistantconfig-json.tmLanguage.json']) {
      const text = JSON.stringify(readJson(path));
      for (const v of [
        ...providers,
        ...selectorTypes,
        ...blockTypes,
        ...primitives,
        'AssistantConfig',
        'v2',
        'valueFromEnv',
      ])
        assert.ok(text.includes(v), `${path} mentions ${v}`);
    }
  });
});
