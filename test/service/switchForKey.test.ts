// REVIEW7 J3: a key that belongs to another provider's variant (`endpoint` under `provider: hosted`)
// gets "Switch provider to X" from its diagnostic, one per variant of the schema that has the key,
// besides "Remove" (never preferred). The switch keeps every key written; it is preferred only when
// one variant alone has the key and every other key fits it; `--fix` never applies it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { fixAll, safeFixFor } from '../../server/src/service/fixAll';
import { definition, unionOf } from '../../server/src/model/schema';
import type { Language } from '../../server/src/parser';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function actionsOn(text: string, key: string, language: Language = 'yaml') {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === key) as Diagnostic;
  assert.ok(d, diagnostics.map((x) => x.message).join('\n'));
  const actions = getCodeActions(doc, diagnostics, d).filter((a) => a.diagnostic === d);
  return { doc, d, actions };
}

/** Every line of `before` is in `after` (changed lines aside): nothing the user wrote is dropped. */
function keepsLines(before: string, after: string, changed: RegExp): void {
  for (const line of before.split(/\r?\n/)) if (!changed.test(line)) assert.ok(after.includes(line), `lost: ${line}`);
}

describe("REVIEW7 J3: switch provider from the diagnostic of another variant's key", () => {
  it('hosted + endpoint (cloud_a only, nothing else misfits): the switch is preferred, Remove is not; --fix does nothing', () => {
    const text = `${HEAD}  llm:   # main\n    provider: hosted   # was cloud_a\n    endpoint: https://llm.example.com/   # keep\n`;
    const { doc, d, actions } = actionsOn(text, 'endpoint');
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred === true]),
      [
        ["Switch provider to 'cloud_a' (the provider with 'endpoint'; adds 'apiKey')", true],
        ["Remove 'endpoint'", false],
      ],
    );
    const after = applyEdits(text, actions[0]!.edits);
    assert.match(after, /provider: cloud_a {3}# was cloud_a/);
    assert.match(after, /apiKey:/);
    keepsLines(text, after, /provider:/);
    assert.equal(safeFixFor(doc, d), undefined);
    assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text);
  });
  it('hosted + model: one switch per provider that has model, none preferred', () => {
    const text = `${HEAD}  llm:\n    provider: hosted\n    model: gpt-4o\n`;
    const { actions } = actionsOn(text, 'model');
    const switches = actions.filter((a) => a.title.startsWith('Switch'));
    assert.deepEqual(
      switches.map((a) => /'([a-z_]+)'/.exec(a.title)![1]),
      // The providers whose variant has `model`, in the schema's order (four of the seven today).
      unionOf(definition('LlmConfig'))!
        .variants.filter((v) => v.schema.properties?.model !== undefined)
        .map((v) => v.value),
    );
    assert.equal(switches.length, 4);
    assert.ok(actions.every((a) => a.isPreferred !== true));
    assert.equal(fixAll(text, 'yaml', (t, l) => analyze(t, l)).text, text);
  });
  it('vendor_a + specificLlm: switching to hosted would leave apiKey and model not allowed: said, not preferred', () => {
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    model: gpt-4o\n    apiKey: { valueFromEnv: K }\n    specificLlm: { provider: hosted }\n`;
    const { actions } = actionsOn(text, 'specificLlm');
    const sw = actions.find((a) => a.title.startsWith('Switch'))!;
    assert.equal(
      sw.title,
      "Switch provider to 'hosted' (the provider with 'specificLlm'; 'model' and 'apiKey' stay, not allowed there)",
    );
    assert.notEqual(sw.isPreferred, true);
    keepsLines(text, applyEdits(text, sw.edits), /provider: vendor_a/);
  });
  it('an anchored block used by an alias: the switch says so and is not preferred', () => {
    const text = `${HEAD}  llm: &main\n    provider: hosted\n    endpoint: https://llm.example.com/\n  aiPrimitivesLlm: *main\n`;
    const { actions } = actionsOn(text, 'endpoint');
    const sw = actions.find((a) => a.title.startsWith('Switch'))!;
    assert.match(sw.title, /shared by 1 alias: all switch/);
    assert.notEqual(sw.isPreferred, true);
  });
  it('JSON and a flow mapping, CRLF', () => {
    const json = `{\r\n  "kind": "AssistantConfig",\r\n  "version": "v2",\r\n  "definition": {\r\n    "llm": { "provider": "hosted", "endpoint": "https://x.example/" }\r\n  }\r\n}\r\n`;
    const j = actionsOn(json, 'endpoint', 'json');
    const sw = j.actions.find((a) => a.isPreferred)!;
    const after = applyEdits(json, sw.edits);
    assert.match(after, /"provider": "cloud_a"/);
    assert.match(after, /"endpoint": "https:\/\/x.example\/"/);
    assert.equal(analyze(after, 'json').doc.problems.length, 0);
    const flow = `${HEAD}  llm: {provider: hosted, endpoint: "https://x.example/"}  # one line\n`;
    const f = actionsOn(flow, 'endpoint');
    const fa = applyEdits(flow, f.actions.find((a) => a.isPreferred)!.edits);
    assert.match(fa, /provider: cloud_a/);
    assert.match(fa, /# one line/);
  });
  it('a misspelt key close to an allowed one keeps its rename preferred; the switches are not', () => {
    const text = `${HEAD}  llm:\n    provider: cloud_b\n    model: gemini\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson: { valueFromEnv: K }\n`;
    const { actions } = actionsOn(text, 'model');
    const preferred = actions.filter((a) => a.isPreferred);
    assert.equal(preferred.length, 1);
    assert.match(preferred[0]!.title, /^Rename 'model' to 'modelId'/);
    assert.ok(actions.some((a) => a.title.startsWith("Switch provider to 'vendor_a'")));
  });
  it('for every key of every variant, written under each other variant: a switch to exactly the variants (from the schema) that have it', () => {
    const union = unionOf(definition('LlmConfig'));
    assert.ok(union);
    const variants = union.variants.map((v) => ({ value: v.value, keys: Object.keys(v.schema.properties ?? {}) }));
    assert.ok(variants.length >= 2);
    let checked = 0;
    for (const here of variants)
      for (const other of variants)
        for (const key of other.keys) {
          if (here.keys.includes(key)) continue;
          const text = `${HEAD}  llm:\n    provider: ${here.value}\n    ${key}: x\n`;
          const { doc, diagnostics } = analyze(text, 'yaml');
          const d = diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === key);
          if (!d) continue;
          const got = getCodeActions(doc, diagnostics, d)
            .filter((a) => a.diagnostic === d && a.title.startsWith('Switch'))
            .map((a) => /'([a-z_]+)'/.exec(a.title)![1]);
          const want = variants.filter((v) => v.value !== here.value && v.keys.includes(key)).map((v) => v.value);
          assert.deepEqual(got, want, `${key} under ${here.value}`);
          checked++;
        }
    assert.ok(checked > 10, String(checked));
  });
});
