// env-not-set says what was checked (REVIEW16-user N11): in an untrusted workspace no `.env` is read,
// so the message, the hover and the inlay hint say the environment alone was checked, and why; in a
// trusted one they name the `.env` the document takes. The desktop server (WorkspaceEnv) and the web
// worker (ReportedEnv) alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parse } from '../../server/src/parser';
import { analyze, DEFAULT_OPTIONS, doHover, inlayHints } from '../../server/src/service';
import type { EnvInfo } from '../../server/src/service';
import type { EnvLookup } from '../../server/src/service/validation/rule';
import { WorkspaceEnv } from '../../server/src/lsp/env';
import { ReportedEnv } from '../../server/src/lsp/reportedEnv';

// Hand-written, CRLF, a comment after the name.
const TEXT =
  'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: vendor_a\r\n    apiKey:\r\n      valueFromEnv: MISSING_KEY # set in CI\r\n';

function said(view: EnvInfo & EnvLookup): { message: string; hover: string; tooltip: string } {
  const found = analyze(TEXT, 'yaml', { ...DEFAULT_OPTIONS, env: view }).diagnostics.filter(
    (d) => d.code === 'env-not-set',
  );
  assert.equal(found.length, 1, JSON.stringify(found));
  const doc = parse(TEXT, 'yaml');
  const hover = doHover(doc, TEXT.indexOf('MISSING_KEY') + 2, { env: view })?.contents ?? '';
  const hint = inlayHints(doc, { offset: 0, length: TEXT.length }, { env: view }).find((h) => h.label === '✗ not set');
  return { message: found[0]!.message, hover, tooltip: String(hint?.tooltip ?? '') };
}

test('desktop: untrusted, the messages say only the environment was checked; trusted, they name the .env', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-untrusted-')));
  writeFileSync(join(dir, '.env'), 'OTHER=1\n');
  const uri = pathToFileURL(join(dir, 'a.assistant.yaml')).href;
  const env = new WorkspaceEnv({}, () => undefined);

  env.reload([pathToFileURL(dir).href], false);
  const untrusted = said(env.forDocument(uri));
  for (const s of [untrusted.message, untrusted.hover, untrusted.tooltip]) {
    assert.match(
      s,
      /not (defined|set)\*{0,2} in the environment \(no \.env file was read: the workspace is not trusted/,
      s,
    );
    assert.doesNotMatch(s, /neither|or \.env|nor in/, s);
  }
  assert.equal(
    untrusted.message,
    "Variable 'MISSING_KEY' is not defined in the environment (no .env file was read: the workspace is not trusted, trust it to have .env files checked).",
  );

  env.reload([pathToFileURL(dir).href], true);
  const trusted = said(env.forDocument(uri));
  assert.equal(trusted.message, "Variable 'MISSING_KEY' is defined neither in the environment nor in .env.");
  assert.match(trusted.hover, /\*\*not set\*\* in the environment or \.env\./);
  assert.match(trusted.tooltip, /defined neither in the environment nor in \.env\./);
});

test('web worker: no environment to read, so the messages name the .env alone and say why; untrusted, nothing is read (slips17)', () => {
  const folder = 'vscode-vfs://github/acme/mono';
  const e = new ReportedEnv();
  e.reload([folder], false);
  e.setReportedNames(['OTHER'], [{ uri: `${folder}/.env`, names: ['OTHER'] }]);
  const untrusted = said(e.forDocument(`${folder}/a.assistant.yaml`));
  assert.equal(
    untrusted.message,
    "Variable 'MISSING_KEY' is not known here: the browser has no environment variables to read, and no .env file was read (the workspace is not trusted, trust it to have .env files checked).",
  );
  assert.equal(
    untrusted.hover.split('\n\n').pop(),
    'Variable `MISSING_KEY` is **not known** here: the browser has no environment variables to read, and no .env file was read (the workspace is not trusted, trust it to have .env files checked).',
  );
  assert.equal(
    untrusted.tooltip,
    'MISSING_KEY is not known here: the browser has no environment variables to read, and no .env file was read (the workspace is not trusted, trust it to have .env files checked).',
  );

  e.reload([folder], true);
  e.setReportedNames(['OTHER'], [{ uri: `${folder}/.env`, names: ['OTHER'] }]);
  const trusted = said(e.forDocument(`${folder}/a.assistant.yaml`));
  assert.equal(
    trusted.message,
    "Variable 'MISSING_KEY' is not defined in .env; the browser has no environment variables to read, so only .env files are checked.",
  );
  assert.match(
    trusted.hover,
    /\*\*not set\*\* in \.env; the browser has no environment variables to read, so only \.env files are checked\.$/,
  );
  assert.equal(
    trusted.tooltip,
    'MISSING_KEY is not defined in .env; the browser has no environment variables to read, so only .env files are checked.',
  );
  // A document outside every folder: the names of the folders' top .env files (the server-wide view).
  const noDotenv = said(e.forDocument('vscode-vfs://github/acme/other/a.assistant.yaml'));
  assert.equal(
    noDotenv.message,
    "Variable 'MISSING_KEY' is not defined in its .env file; the browser has no environment variables to read, so only .env files are checked.",
  );
  e.setReportedNames([], [{ uri: `${folder}/sub/.env`, names: [] }]);
  assert.equal(
    said(e.forDocument(`${folder}/a.assistant.yaml`)).message,
    "Variable 'MISSING_KEY' is not defined in a .env file (none found for this file); the browser has no environment variables to read, so only .env files are checked.",
  );
  // Nothing the web build says claims an environment was checked.
  for (const s of [untrusted, trusted, noDotenv].flatMap((x) => [x.message, x.hover, x.tooltip]))
    assert.doesNotMatch(s, /in the environment|environment or|neither/, s);
});

test('web worker: a bare variable name where an EnvironmentValue belongs says the .env alone was searched', () => {
  const folder = 'vscode-vfs://github/acme/mono';
  const e = new ReportedEnv();
  e.reload([folder], true);
  e.setReportedNames(['VENDOR_A_KEY'], [{ uri: `${folder}/.env`, names: ['VENDOR_A_KEY'] }]);
  const bare = (text: string, view: EnvInfo & EnvLookup): string[] =>
    analyze(text, 'yaml', { ...DEFAULT_OPTIONS, env: view })
      .diagnostics.filter((d) => d.code === 'invalid-type')
      .map((d) => d.message);
  const at = (name: string): string =>
    `kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: vendor_a\r\n    apiKey: ${name}   # from CI\r\n`;
  const view = e.forDocument(`${folder}/a.assistant.yaml`);
  assert.deepEqual(bare(at('VENDOR_A_KEY'), view), [
    "'apiKey' must be an EnvironmentValue, a mapping; this string is the name of a variable that is set (.env): read it from there with 'apiKey: { valueFromEnv: … }' (that name).",
  ]);
  const unset = bare(at('PASSWORD_2024'), view);
  assert.equal(unset.length, 1, JSON.stringify(unset));
  assert.match(
    unset[0]!,
    /but no variable of that name is set \(\.env; the browser has no environment variables to read\), so it may be the credential itself/,
  );
  e.reload([folder], false);
  const untrusted = bare(at('PASSWORD_2024'), e.forDocument(`${folder}/a.assistant.yaml`));
  assert.match(
    untrusted[0]!,
    /but no variable can be checked here \(the browser has no environment variables to read, and no \.env file was read: the workspace is not trusted/,
  );
  // The desktop's words stay.
  const desktop = new WorkspaceEnv({ VENDOR_A_KEY: 'x' }, () => undefined);
  assert.match(bare(at('VENDOR_A_KEY'), desktop)[0]!, /that is set \(environment or \.env\)/);
  assert.match(bare(at('PASSWORD_2024'), desktop)[0]!, /no variable of that name is set \(environment or \.env\), so/);
});
