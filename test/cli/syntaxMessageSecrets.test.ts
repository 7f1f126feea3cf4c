// REVIEW8 K8: a credential pasted on the line of a block scalar indicator (`value: > pw-…`,
// `value: | {"type": "service_account", …}`) or after a `!` (a tag, in YAML) made a syntax error
// whose message quoted it whole (`Not a YAML token: <the credential>`), in every output format and
// in the editor. The `yaml` package quotes source text in several messages; none of them is shown
// with a piece of 4 characters or more (server/src/parser/yamlMessages.ts). The fake credentials are
// made at run time from a fixed seed (test/helpers.ts madeUpPasswords: not credential-shaped, so
// that no frame or message masks them by their shape).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { analyze, messageMasker, secretRangesAround } from '../../server/src/service';
import { parse } from '../../server/src/parser';
import { credentialShapes } from '../../server/src/service/credentialShapes';
import { leakedRuns, runCli } from './helpers';
import { madeUpPasswords } from '../helpers';

const SEED = 20261123 + 8;
console.log(`syntaxMessageSecrets: seed ${SEED}`);

const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n';
const c = madeUpPasswords(SEED, 16);
const bare = (s: string): string => s.replace(/-/g, '');
/** Each form of a pasted credential that makes the `yaml` package quote it, with the message it gives. */
/** `message`: only the messages are checked (a frame shows the line as written). */
const FORMS: { name: string; text: string; secrets: string[]; says: RegExp; message?: true }[] = [
  {
    name: 'after `>` and a space',
    text: `${head}      value: > ${c[0]}\n`,
    secrets: [c[0]!],
    says: /block scalar indicator/,
  },
  {
    name: 'after `|` with no space',
    text: `${head}      value: |${c[1]}\n`,
    secrets: [c[1]!],
    says: /Block scalar header includes extra characters/,
  },
  {
    name: 'a service-account key after `|`',
    text: `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_b\n    modelId: m\n    cloudProject: p\n    cloudLocation: us-central1\n    cloudServiceAccountKeyJson:\n      value: | {"type": "service_account", "project_id": "${c[2]}", "private_key_id": "${bare(c[3]!)}", "client_email": "${bare(c[4]!).toLowerCase()}@example.iam"}\n`,
    secrets: [c[2]!, bare(c[3]!), bare(c[4]!)],
    says: /block scalar indicator/,
  },
  {
    name: 'after `!` (a tag)',
    text: `${head}      value: !${c[5]}\n`,
    secrets: [c[5]!],
    says: /The tag is not a YAML type/,
  },
  {
    // (Written as a word, the tag is named by the message; standing where the secret does, it is masked.)
    name: 'after `!`, letters only',
    text: `${head}      value: !${c[11]!.replace(/[-0-9]/g, '')}\n`,
    secrets: [c[11]!.replace(/[-0-9]/g, '')],
    says: /The tag '\*+' is not a YAML type/,
  },
  { name: 'a verbatim tag', text: `${head}      value: !<!${c[6]}> x\n`, secrets: [c[6]!], says: /tag/ },
  {
    name: 'a tag handle with a name',
    text: `${head}      value: !${bare(c[7]!)}!x y\n`,
    secrets: [bare(c[7]!)],
    says: /Could not resolve this tag/,
  },
  {
    name: 'a tag handle alone',
    text: `${head}      value: !${bare(c[8]!)}! y\n`,
    secrets: [bare(c[8]!)],
    says: /This tag has no suffix/,
  },
  {
    name: 'after \\U in double quotes',
    text: `${head}      value: "\\U${bare(c[9]!)}"\n`,
    secrets: [bare(c[9]!)],
    says: /Invalid escape sequence: /,
  },
  // (A frame shows text outside every field as written: a stray line's is not known to be a secret.)
  {
    name: 'after a stray bracket',
    text: `${head}      value: x\n  ]${c[10]}\n`,
    secrets: [c[10]!],
    says: /Unexpected scalar token in YAML stream/,
    message: true,
  },
];

test('the fake credentials are not credential-shaped (nothing masks them by their shape)', () => {
  for (const s of c) assert.deepEqual(credentialShapes(s), [], s.slice(0, 3));
});

test('the editor, the web: no message quotes a run of 4 characters of a pasted credential, and each still says what is wrong', () => {
  for (const f of FORMS) {
    const ds = analyze(f.text, 'yaml').diagnostics;
    // Masked as the language server masks them (lsp/server.ts maskerFor).
    const doc = parse(f.text, 'yaml');
    const messages = ds
      .map((d) => `${d.code} ${messageMasker(doc, secretRangesAround(doc, [d, ...(d.related ?? [])]))(d.message)}`)
      .join('\n');
    assert.match(messages, f.says, `${f.name}: ${messages}`);
    assert.deepEqual(leakedRuns(messages, f.secrets, 4), [], `${f.name}: ${messages}`);
  }
});

test('lint: no output format prints a run of 4 characters of a credential pasted where the YAML reader quotes it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-k8-'));
  const framed = FORMS.filter((f) => !f.message);
  const files = framed.map((f, i) => {
    const file = join(dir, `f${i}.assistant.yaml`);
    writeFileSync(file, f.text);
    return file;
  });
  const secrets = framed.flatMap((f) => f.secrets);
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    const res = runCli(['lint', '--no-env-check', '--format', format, ...files]);
    assert.equal(res.code, 1, `${format}: ${res.stderr}`);
    const all = res.stdout + res.stderr;
    assert.deepEqual(leakedRuns(all, secrets, 4), [], `${format} printed a secret:\n${all}`);
    assert.match(all, /block scalar indicator/, format);
  }
});
