// Settings reach the server in the shapes editors send: the section object, wrapped in its name, or
// with dotted keys as settings.json writes them (Sublime LSP and coc users copy those into
// initializationOptions.settings): each form gives the same settings (REVIEW4 G19).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSettings } from '../../server/src/lsp/settings';

test('nested, wrapped, dotted and section-dotted settings all apply', () => {
  const forms: [string, unknown][] = [
    ['nested', { diagnostics: { envNotSet: false }, validation: { maxFallbackDepth: 3 }, suppress: ['env-not-set'] }],
    [
      'wrapped',
      {
        assistantConfig: {
          diagnostics: { envNotSet: false },
          validation: { maxFallbackDepth: 3 },
          suppress: ['env-not-set'],
        },
      },
    ],
    ['dotted', { 'diagnostics.envNotSet': false, 'validation.maxFallbackDepth': 3, suppress: ['env-not-set'] }],
    [
      'section-dotted (settings.json)',
      {
        'assistantConfig.diagnostics.envNotSet': false,
        'assistantConfig.validation.maxFallbackDepth': 3,
        'assistantConfig.suppress': ['env-not-set'],
      },
    ],
    [
      'mixed',
      {
        'assistantConfig.diagnostics': { envNotSet: false },
        assistantConfig: { 'validation.maxFallbackDepth': 3, suppress: ['env-not-set'] },
      },
    ],
  ];
  for (const [name, raw] of forms) {
    const s = readSettings(raw);
    assert.equal(s.envNotSet, false, name);
    assert.equal(s.validation.maxFallbackDepth, 3, name);
    assert.deepEqual(s.validation.suppress, ['env-not-set'], name);
  }
  // Nothing given: the defaults.
  const d = readSettings({});
  assert.equal(d.envNotSet, true);
  assert.notEqual(d.validation.maxFallbackDepth, 3);
});

test('settings written the way Lua and TOML configs slip are told, never dropped silently (REVIEW5 H15)', () => {
  const s = readSettings({
    assistantConfig: {
      suppress: 'unknown-discriminator',
      limits: { maxFileSize: -1 },
      validation: { maxFallbackDepth: 'x' },
      diagnostics: { envNotSet: 'false' },
    },
  });
  // One code written alone is a list of one.
  assert.deepEqual(s.validation.suppress, ['unknown-discriminator']);
  assert.equal(s.validation.maxFileSize, readSettings({}).validation.maxFileSize);
  assert.equal(s.envNotSet, true);
  assert.deepEqual(s.problems, [
    'assistantConfig.diagnostics.envNotSet is a string, not true or false: the default true applies',
    'assistantConfig.validation.maxFallbackDepth is a string, not a number of at least 1: the default 16 applies',
    'assistantConfig.limits.maxFileSize is the number -1, not a number of at least 1024: the default 16777216 applies',
  ]);
  assert.deepEqual(readSettings({ suppress: ['env-not-set', 'no-such-code', 'syntax-error', 3] }).problems, [
    "assistantConfig.suppress: 'no-such-code' is not a code that can be silenced (see 'assistant-config explain'): it is ignored",
    "assistantConfig.suppress: 'syntax-error' is not a code that can be silenced (see 'assistant-config explain'): it is ignored",
    'assistantConfig.suppress holds the number 3 that is not a code: it is ignored',
  ]);
  assert.deepEqual(readSettings({ suppress: { a: 1 } }).problems, [
    'assistantConfig.suppress is an object, not a list of codes: nothing is silenced by it',
  ]);
  // Well-formed settings, and settings left unset (null, as VS Code sends), are no problem.
  assert.deepEqual(
    readSettings({ limits: { maxFileSize: null }, suppress: [], codeLens: { enabled: false } }).problems,
    [],
  );
});

test('assistantConfig.suppress as codes joined by commas, as --suppress takes them, is split (REVIEW8 K13f)', () => {
  const s = readSettings({ assistantConfig: { suppress: 'literal-secret, env-not-set' } });
  assert.deepEqual(s.validation.suppress, ['literal-secret', 'env-not-set']);
  assert.deepEqual(s.problems, []);
  // In a list too; each piece is checked on its own (the good ones still apply).
  const l = readSettings({ suppress: ['env-not-set,no-such-code', 'blank-string'] });
  assert.deepEqual(l.validation.suppress, ['env-not-set', 'blank-string']);
  assert.deepEqual(l.problems, [
    "assistantConfig.suppress: 'no-such-code' is not a code that can be silenced (see 'assistant-config explain'): it is ignored",
  ]);
});
