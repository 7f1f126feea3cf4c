// REVIEW6 I4: `--fix` wrote `blockNone` for `blockMost` and `blockSome` (block nothing: the opposite
// of what was written) and `blockOnlyHigh` for `blockOnlyLow`. A value is fixed only when it is a slip
// of the one suggested (case, `_`/`-`, one letter, two neighbours swapped, letters left out); otherwise
// the suggestion is named and offered, not preferred, and `--fix` leaves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, getCodeActions } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { isSlip } from '../../server/src/service/text';

const file = (v: string): string =>
  `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n    safetySettings:\n      harassment: ${v}\n`;

test('isSlip: slips yes, other words no', () => {
  for (const [w, t] of [
    ['BLOCK_NONE', 'blockNone'],
    ['blocknone', 'blockNone'],
    ['blockOnlyHig', 'blockOnlyHigh'],
    ['blcokNone', 'blockNone'],
    ['blockHigh', 'blockOnlyHigh'],
  ] as const)
    assert.ok(isSlip(w, t), `${w} -> ${t}`);
  for (const [w, t] of [
    ['blockMost', 'blockNone'],
    ['blockSome', 'blockNone'],
    ['blockOnlyLow', 'blockOnlyHigh'],
  ] as const)
    assert.ok(!isSlip(w, t), `${w} -> ${t}`);
});

test('--fix writes a slip of a safety level, never a different word', () => {
  for (const [written, want] of [
    ['blockMost', 'blockMost'],
    ['blockSome', 'blockSome'],
    ['blockOnlyLow', 'blockOnlyLow'],
    ['BLOCK_NONE', 'blockNone'],
    ['blockOnlyHig', 'blockOnlyHigh'],
  ] as const) {
    const after = fixAll(file(written), 'yaml', analyze).text;
    assert.match(after, new RegExp(`harassment: ${want}\\n`), written);
  }
});

test('the editor still offers the suggestion, not preferred when it is no slip', () => {
  for (const [written, preferred] of [
    ['blockSome', false],
    ['blockOnlyHig', true],
  ] as const) {
    const text = file(written);
    const diagnostics = analyze(text, 'yaml').diagnostics;
    const d = diagnostics.find((x) => x.code === 'invalid-enum')!;
    assert.ok(d, written);
    const actions = getCodeActions(parse(text, 'yaml'), diagnostics, d, {});
    const change = actions.find((a) => /^Change 'harassment' to/.test(a.title));
    assert.ok(change, actions.map((a) => a.title).join(' | '));
    assert.equal(change.isPreferred === true, preferred, written);
  }
});
