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
