// The quality of the offers themselves (issue 12, item 10): one action per intent, at most one
// preferred fix per diagnostic, one header fix, the same offers for `llm:` and `llm: {}`, one
// diagnostic for `provider:` with no value, a preferred fix for `blockHigh`, removal that takes a
// key's comment lines along, and a switch that carries `model` into `modelId`. Each applied fix
// is re-validated.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/service';
import type { CodeActionEntry, Diagnostic } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import type { Language } from '../../server/src/parser';
import { isPlaceholder } from '../helpers';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const CTX = { dotenv: { text: '' } };

function offers(text: string, offset: number, length = 0, language: Language = 'yaml'): CodeActionEntry[] {
  const { doc, diagnostics } = analyze(text, language);
  return getCodeActions(doc, diagnostics, { offset, length }, CTX);
}

function errorsBesidesPlaceholders(text: string, language: Language = 'yaml'): Diagnostic[] {
  return analyze(text, language).diagnostics.filter((d) => d.severity === 'error' && !isPlaceholder(d, text));
}

describe('one action per intent', () => {
  it('a misspelt provider: one preferred quick fix, no refactoring that does the same', () => {
    const text = `${HEAD}  llm:\n    provider: vendr_a\n    apiKey: { valueFromEnv: K }\n`;
    const all = offers(text, text.indexOf('vendr_a'));
    assert.deepEqual(
      all.map((a) => `${a.kind} ${a.title}`),
      ["quickfix Change 'provider' to 'vendor_a'"],
    );
    assert.deepEqual(errorsBesidesPlaceholders(applyEdits(text, all[0]!.edits)), []);
  });

  it('no two actions anywhere on the fixtures and examples have the same effect, and each diagnostic has at most one preferred fix', () => {
    const dirs = [join(process.cwd(), 'test/fixtures/fixes'), join(process.cwd(), 'examples')];
    let checked = 0;
    for (const dir of dirs) {
      for (const f of readdirSync(dir).filter((x) => /\.(ya?ml|json)$/.test(x) && !x.includes('.golden.'))) {
        const text = readFileSync(join(dir, f), 'utf8');
        const language: Language = f.endsWith('.json') ? 'json' : 'yaml';
        const { doc, diagnostics } = analyze(text, language);
        const all = getCodeActions(doc, diagnostics, { offset: 0, length: text.length }, CTX);
        const effects = all.map((a) => JSON.stringify([a.edits, a.dotenv ?? null]));
        assert.equal(new Set(effects).size, effects.length, `${f}: ${all.map((a) => a.title).join(' | ')}`);
        for (const d of diagnostics)
          assert.ok(
            all.filter((a) => a.isPreferred && (a.diagnostic === d || a.alsoFixes?.includes(d))).length <= 1,
            `${f}: ${d.message}`,
          );
        checked += all.length;
      }
    }
    assert.ok(checked > 50);
  });

  it('missing kind and version: one "Add the header" fix for both diagnostics', () => {
    const text = 'definition:\n  llm:\n    provider: hosted\n';
    const all = offers(text, 0, 10);
    assert.deepEqual(
      all.map((a) => a.title),
      ["Add the header 'kind: AssistantConfig' and 'version: v2'"],
    );
    assert.deepEqual(
      [all[0]!.diagnostic!.code, ...(all[0]!.alsoFixes ?? []).map((d) => d.code)],
      ['kind-missing', 'version-missing'],
    );
    assert.deepEqual(analyze(applyEdits(text, all[0]!.edits), 'yaml').diagnostics, []);
  });
});

describe('empty values', () => {
  it('`llm:` with nothing gets the same offers as `llm: {}`, and each applies', () => {
    const line = (t: string): [number, number] => [
      t.indexOf('llm:'),
      t.indexOf('\n', t.indexOf('llm:')) - t.indexOf('llm:'),
    ];
    const titles = (t: string): string[] =>
      offers(t, ...line(t))
        .filter((a) => a.kind === 'quickfix')
        .map((a) => a.title);
    const empty = `${HEAD}  llm:\n  maxAssistantActions: 3\n`;
    const braces = `${HEAD}  llm: {}\n  maxAssistantActions: 3\n`;
    assert.deepEqual(titles(empty), titles(braces));
    assert.equal(titles(empty).length, 7);
    for (const a of offers(empty, ...line(empty)).filter((x) => x.kind === 'quickfix')) {
      const out = applyEdits(empty, a.edits);
      assert.deepEqual(errorsBesidesPlaceholders(out), [], `${a.title}:\n${out}`);
    }
    const json = '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": null\n  }\n}\n';
    const fix = offers(json, json.indexOf('null'), 0, 'json').find((a) => a.title.includes("'vendor_b'"))!;
    assert.deepEqual(JSON.parse(applyEdits(json, fix.edits)).definition.llm, {
      provider: 'vendor_b',
      apiKey: { valueFromEnv: 'VENDOR_B_API_KEY' },
    });
  });

  it('`provider:` with no value is one diagnostic', () => {
    const text = `${HEAD}  llm:\n    provider:\n`;
    assert.deepEqual(
      analyze(text, 'yaml').diagnostics.map((d) => d.code),
      ['unknown-discriminator'],
    );
  });
});

describe('the fixes themselves', () => {
  it("'blockHigh' gets a preferred 'blockOnlyHigh'", () => {
    const text = `${HEAD}  llm:\n    provider: vendor_c\n    apiKey: { valueFromEnv: K }\n    safetySettings:\n      harassment: blockHigh\n`;
    const preferred = offers(text, text.indexOf('blockHigh')).filter((a) => a.isPreferred);
    assert.deepEqual(
      preferred.map((a) => a.title),
      ["Change 'harassment' to 'blockOnlyHigh'"],
    );
    assert.deepEqual(analyze(applyEdits(text, preferred[0]!.edits), 'yaml').diagnostics, []);
  });

  it("'Remove' takes the key's lines, never a comment: those above it, beside it or under it stay, at its indentation", () => {
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    # the model we pay for\n    model: m\n\n    # endpoint from the old Cloud A setup\n    # (kept for reference)\n    endpoint: https://x.example # old\n    apiKey: { valueFromEnv: K }\n`;
    const remove = offers(text, text.indexOf('endpoint:')).find((a) => a.title === "Remove 'endpoint'")!;
    const out = applyEdits(text, remove.edits);
    assert.equal(
      out,
      `${HEAD}  llm:\n    provider: vendor_a\n    # the model we pay for\n    model: m\n\n    # endpoint from the old Cloud A setup\n    # (kept for reference)\n    # old\n    apiKey: { valueFromEnv: K }\n`,
    );
    assert.deepEqual(analyze(out, 'yaml').diagnostics, []);
  });

  it('switching vendor_a → cloud_c carries model into modelId (and back)', () => {
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    model: fast-1\n    apiKey: { valueFromEnv: K }\n`;
    const sw = offers(text, text.indexOf('vendor_a')).find((a) => a.title.startsWith("Switch provider to 'cloud_c'"))!;
    assert.equal(sw.title, "Switch provider to 'cloud_c' (removes 'apiKey'; 'model' becomes 'modelId')");
    const out = applyEdits(text, sw.edits);
    assert.match(out, /modelId: fast-1\n/);
    assert.deepEqual(errorsBesidesPlaceholders(out), []);
    assert.deepEqual(
      analyze(out, 'yaml').diagnostics.map((d) => `${d.code} ${out.slice(d.offset, d.offset + d.length)}`),
      ['empty-required ""'],
    );
    const back = offers(out, out.indexOf('cloud_c')).find((a) => a.title.startsWith("Switch provider to 'vendor_a'"))!;
    assert.match(applyEdits(out, back.edits), /model: fast-1\n/);
  });

  it('switching cloud_b → cloud_c carries cloudLocation into regionName, and back (compare19: the region)', () => {
    const text = `${HEAD}  llm:\n    provider: cloud_b\n    modelId: m\n    cloudProject: p\n    cloudLocation: europe-west4  # EU only\n    cloudServiceAccountKeyJson: { valueFromEnv: K }\n`;
    const sw = offers(text, text.indexOf('cloud_b')).find((a) => a.title.startsWith("Switch provider to 'cloud_c'"))!;
    assert.match(sw.title, /'cloudLocation' becomes 'regionName'/);
    const out = applyEdits(text, sw.edits);
    assert.match(out, /\n {4}regionName: europe-west4 {2}# EU only\n/);
    assert.doesNotMatch(out, /cloudLocation|regionName: ""/);
    const back = offers(out, out.indexOf('cloud_c')).find((a) => a.title.startsWith("Switch provider to 'cloud_b'"))!;
    assert.match(back.title, /'regionName' becomes 'cloudLocation'/);
    assert.match(applyEdits(out, back.edits), /\n {4}cloudLocation: europe-west4 {2}# EU only\n/);
  });

  it('switching vendor_a → cloud_a carries baseUrl into endpoint, and back (REVIEW8 K13a: the address is moved, not dropped)', () => {
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    baseUrl: https://proxy.internal.example/v1   # our proxy\n    model: m\n    apiKey: { valueFromEnv: K }\n`;
    const sw = offers(text, text.indexOf('vendor_a')).find((a) => a.title.startsWith("Switch provider to 'cloud_a'"))!;
    assert.equal(sw.title, "Switch provider to 'cloud_a' ('baseUrl' becomes 'endpoint')");
    const out = applyEdits(text, sw.edits);
    assert.match(out, /\n {4}endpoint: https:\/\/proxy\.internal\.example\/v1 {3}# our proxy\n/);
    assert.doesNotMatch(out, /baseUrl|endpoint: ""/);
    assert.deepEqual(analyze(out, 'yaml').diagnostics, []);
    const back = offers(out, out.indexOf('cloud_a')).find((a) => a.title.startsWith("Switch provider to 'vendor_b'"))!;
    assert.equal(back.title, "Switch provider to 'vendor_b' ('endpoint' becomes 'baseUrl')");
    assert.equal(applyEdits(out, back.edits), text.replace('vendor_a', 'vendor_b'));
    // JSON too; a provider without an address field still removes it, and says so.
    const json = `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "baseUrl": "https://p.example/v1", "apiKey": {"valueFromEnv": "K"}}}}`;
    const jsw = offers(json, json.indexOf('vendor_a'), 0, 'json').find((a) =>
      a.title.startsWith("Switch provider to 'cloud_a'"),
    )!;
    assert.deepEqual(JSON.parse(applyEdits(json, jsw.edits)).definition.llm, {
      provider: 'cloud_a',
      endpoint: 'https://p.example/v1',
      apiKey: { valueFromEnv: 'K' },
    });
    const toC = offers(text, text.indexOf('vendor_a')).find((a) =>
      a.title.startsWith("Switch provider to 'vendor_c'"),
    )!;
    assert.match(toC.title, /removes 'baseUrl'/);
  });

  it('the address moves as written: a block scalar, an anchor, an alias to it, CRLF and comments (REVIEW8 K13a)', () => {
    const text = [
      `${HEAD}  llm:`,
      '    provider: vendor_a',
      '    # the proxy',
      '    baseUrl: &u https://proxy.internal.example/v1 # ours',
      '    apiKey: {valueFromEnv: K}',
      '    fallback:',
      '      provider: vendor_b',
      '      baseUrl: *u',
      '      apiKey: {valueFromEnv: K}',
      '      fallback:',
      '        provider: vendor_a',
      '        baseUrl: >-',
      '          https://backup.example/v1',
      '        apiKey: {valueFromEnv: K}',
      '',
    ]
      .join('\n')
      .replace(/\n/g, '\r\n');
    const switchAt = (t: string, provider: string, nth: number): string => {
      let at = -1;
      for (let i = 0; i <= nth; i++) at = t.indexOf(`provider: ${provider}`, at + 1);
      const sw = offers(t, at + 'provider: '.length).find((a) => a.title.startsWith("Switch provider to 'cloud_a'"))!;
      assert.equal(sw.title, "Switch provider to 'cloud_a' ('baseUrl' becomes 'endpoint')");
      return applyEdits(t, sw.edits);
    };
    // The alias user keeps the alias (the URL is not dropped for an empty endpoint), the holder keeps its anchor.
    let out = switchAt(text, 'vendor_b', 0);
    out = switchAt(out, 'vendor_a', 0);
    out = switchAt(out, 'vendor_a', 0);
    assert.equal(out, text.replace(/vendor_[ab]/g, 'cloud_a').replace(/baseUrl/g, 'endpoint'));
    assert.deepEqual(analyze(out, 'yaml').diagnostics, []);
  });
});
