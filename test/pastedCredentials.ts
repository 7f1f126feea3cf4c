// Credentials written into a config the way users paste them by mistake, for the tests that read every
// output of the CLI (test/cli/pastedCredentials.test.ts) and of the language server
// (test/lsp/pastedCredentials.test.ts) for any run of 4 of their characters (redteam19).
//
// Each credential is made at run time from a fixed seed: a public prefix (`sk-proj-`, `ghp_`, `AKIA`…,
// no secret) and a random body, the part no output may show. A body has a digit at every third place
// and no letter a to f, so no run of 4 of it is an English word, a number, a hex hash or a
// fingerprint that an output holds anyway: a run found is a leak. A made-up password has no shape
// (madeUpPasswords): only where it stands (a credential field) can say it is one, so it is written
// only there.
import { madeUpPasswords, mulberry32 } from './helpers';
import { credentialShapes } from '../server/src/service/credentialShapes';

export const PASTED_SEED = 20261125;

export interface Credential {
  /** What the credential is, for messages (never its text). */
  name: string;
  /** The credential as written. */
  text: string;
  /** The part of it no output may show any run of 4 characters of (the text less its public prefix). */
  secret: string;
  /** Only where the document's tree says it is a credential can a tool know it is one. */
  shapeless?: boolean;
}

export interface Placement {
  /** Where the credential stands, for messages. */
  name: string;
  language: 'yaml' | 'json';
  text: string;
}

/** The credentials of the seed: every shape the spec's fields and the providers' keys take. */
export function pastedCredentials(seed = PASTED_SEED): Credential[] {
  const rnd = mulberry32(seed);
  const LETTERS = 'ghjkmnpqrstvwxyzGHJKMNPQRSTVWXYZ';
  const body = (n: number, letters = LETTERS): string => {
    let s = '';
    const start = Math.floor(rnd() * 3);
    for (let i = 0; i < n; i++)
      s += (i + start) % 3 === 2 ? String(2 + Math.floor(rnd() * 8)) : letters[Math.floor(rnd() * letters.length)]!;
    return s;
  };
  const shaped = (name: string, prefix: string, secret: string): Credential => ({
    name,
    text: prefix + secret,
    secret,
  });
  const [pw1, pw2] = madeUpPasswords(seed, 2);
  return [
    shaped('project API key (sk-proj-)', 'sk-proj-', body(48)),
    shaped('GitHub token', 'ghp_', body(36)),
    shaped('fine-grained GitHub PAT', 'github_pat_', `${body(22)}_${body(59)}`),
    shaped('JWT', 'eyJ', `${body(33)}.${body(62)}.${body(43)}`),
    shaped('AWS access key id', 'AKIA', body(16, 'GHJKMNPQRSTVWXYZ')),
    shaped('AWS secret access key', '', `${body(18)}/${body(21)}`),
    shaped('GitLab token', 'glpat-', body(20)),
    shaped('Google API key', 'AIza', body(35)),
    shaped('Slack token', 'xoxb-', body(44)),
    // The platform's PAT and data token: no public shape, a long random token.
    shaped('platform PAT', '', body(40)),
    shaped('data token', '', body(24)),
    { name: 'made-up password', text: pw1!, secret: pw1!.replace(/-/g, ''), shapeless: true },
    { name: 'made-up password 2', text: pw2!, secret: pw2!.replace(/-/g, ''), shapeless: true },
  ];
}

/** Whether text is found whole by its shape alone (the first line of a credential wrapped over two). */
const headShaped = (text: string): boolean =>
  credentialShapes(text).some((r) => r.offset === 0 && r.length === text.length);

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const LLM = `${HEAD}  llm:\n    provider: vendor_a\n`;

/** `\u00XX` for the character at `i` of `s` (and `\x..` for the next one): a YAML or JSON escape in a quoted credential. */
function escaped(s: string, json: boolean): string {
  const i = Math.floor(s.length / 2);
  const hex = (c: string): string => c.charCodeAt(0).toString(16).padStart(4, '0');
  const second = json ? `\\u${hex(s[i + 1]!)}` : `\\x${hex(s[i + 1]!).slice(2)}`;
  return `${s.slice(0, i)}\\u${hex(s[i]!)}${second}${s.slice(i + 2)}`;
}

/**
 * Where a credential is written. `field`: placements in a credential field (or a misspelling of one),
 * where a shapeless password is known by its place; the others only for credentials with a shape.
 */
export function placements(c: Credential): Placement[] {
  const t = c.text;
  const half = Math.floor(t.length / 2);
  const yaml = (name: string, text: string): Placement => ({ name, language: 'yaml', text });
  const json = (name: string, text: string): Placement => ({ name, language: 'json', text });
  const field: Placement[] = [
    yaml('value, plain', `${LLM}    apiKey:\n      value: ${t}\n`),
    yaml('value, double-quoted with escapes', `${LLM}    apiKey:\n      value: "${escaped(t, false)}"\n`),
    yaml('value, single-quoted', `${LLM}    apiKey:\n      value: '${t}'\n`),
    yaml('value, literal block with a comment', `${LLM}    apiKey:\n      value: |  # from the portal\n        ${t}\n`),
    yaml(
      'value, folded over two lines',
      `${LLM}    apiKey:\n      value: >-\n        ${t.slice(0, half)}\n        ${t.slice(half)}\n`,
    ),
    yaml(
      'value, plain over two lines',
      `${LLM}    apiKey:\n      value: ${t.slice(0, half)}\n        ${t.slice(half)}\n`,
    ),
    yaml('flow mapping with valueFromEnv too', `${LLM}    apiKey: {value: ${t}, valueFromEnv: VENDOR_A_KEY}\n`),
    yaml('apiKey as a plain string', `${LLM}    apiKey: ${t}\n`),
    yaml('apiKey as a flow key', `${LLM}    apiKey: {${t}}\n`),
    yaml('misspelt apiKy', `${LLM}    apiKy: ${t}\n    apiKey: {valueFromEnv: VENDOR_A_KEY}\n`),
    yaml(
      'cloudSecretAccessKey of cloud_c, quoted',
      `${HEAD}  llm:\n    provider: cloud_c\n    modelId: m\n    regionName: r\n    cloudAccessKeyId: {valueFromEnv: AWS_ID}\n    cloudSecretAccessKey: {value: "${t}"}\n`,
    ),
    yaml('value after a tab', `${LLM}    apiKey:\n      value:\t${t}\n`),
    yaml('value after U+FFFD', `${LLM}    apiKey:\n      value: \ufffd${t}\n`),
    yaml('value after NUL', `${LLM}    apiKey:\n      value: \u0000${t}\n`),
    yaml('value with a tag', `${LLM}    apiKey:\n      value: !${t}\n`),
    yaml('duplicate value', `${LLM}    apiKey:\n      value: ${t}\n      value: ${t}x\n`),
    yaml('duplicate apiKey', `${LLM}    apiKey: {value: ${t}}\n    apiKey: {value: '${t}'}\n`),
    yaml('value, quote left open', `${LLM}    apiKey:\n      value: "${t}\n    model: m\n`),
    yaml('flow mapping left open', `${LLM}    apiKey: {value: ${t}\n    model: m\n`),
    yaml('value with a trailing colon', `${LLM}    apiKey:\n      value: ${t}:\n`),
    yaml('value as a list item', `${LLM}    apiKey:\n      - ${t}\n`),
    yaml(
      'value, an anchored scalar reached by an alias',
      `${HEAD}  featureFlags:\n    part: &p ${t}\n  llm:\n    provider: vendor_a\n    apiKey: {value: *p}\n`,
    ),
    yaml('value, CRLF', `${LLM}    apiKey:\n      value: ${t}\n    extra: 1\n`.replace(/\n/g, '\r\n')),
    yaml('value, BOM', `\ufeff${LLM}    apiKey:\n      value: '${t}'\n`),
    yaml('value and an unknown key beside it', `${LLM}    apiKey: {value: ${t}, vaule: ${t}}\n`),
    json(
      'JSON pretty',
      `${JSON.stringify({ kind: 'AssistantConfig', version: 'v2', definition: { llm: { provider: 'vendor_a', apiKey: { value: t } } } }, null, 2)}\n`,
    ),
    json(
      'JSON minified, valueFromEnv too',
      JSON.stringify({
        kind: 'AssistantConfig',
        version: 'v2',
        definition: { llm: { provider: 'vendor_a', apiKey: { value: t, valueFromEnv: 'K' } } },
      }),
    ),
    json(
      'JSON with escapes, CRLF',
      `{\r\n  "kind": "AssistantConfig",\r\n  "version": "v2",\r\n  "definition": {\r\n    "llm": {\r\n      "provider": "vendor_a",\r\n      "apiKey": {"value": "${escaped(t, true)}"}\r\n    }\r\n  }\r\n}\r\n`,
    ),
    json(
      'JSON apiKey a string, string left open',
      `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": "${t}\n`,
    ),
  ];
  if (c.shapeless) return field;
  return [
    ...field,
    yaml(
      'systemInstructions',
      `${LLM}    apiKey: {valueFromEnv: K}\n  systemInstructions: |\n    Use the key ${t} for the warehouse.\n`,
    ),
    yaml('an unknown description key', `${LLM}    apiKey: {valueFromEnv: K}\n  description: ${t}\n`),
    yaml(
      'a table name and a column',
      `${LLM}    apiKey: {valueFromEnv: K}\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: s\n        tableName: ${t}\n        columns: [${t}, 7]\n`,
    ),
    yaml('as a key of definition', `${LLM}    apiKey: {valueFromEnv: K}\n  ${t}: x\n`),
    yaml('as a key of llm', `${LLM}    apiKey: {valueFromEnv: K}\n    ${t}: x\n`),
    yaml('as a key with no value', `${LLM}    apiKey: {valueFromEnv: K}\n    ${t}\n`),
    yaml('as a key near apiKey', `${LLM}    apiKey${t}: {valueFromEnv: K}\n`),
    yaml(
      'as a feature flag',
      `${LLM}    apiKey: {valueFromEnv: K}\n  featureFlags:\n    ${t}: true\n    enable_automations: ${t}\n`,
    ),
    yaml('as the provider', `${HEAD}  llm:\n    provider: ${t}\n    apiKey: {valueFromEnv: K}\n`),
    yaml(
      'as a misspelt provider in a fallback',
      `${LLM}    apiKey: {valueFromEnv: K}\n    fallback: {provider: '${t}'}\n`,
    ),
    yaml('as the schema selector type', `${LLM}    apiKey: {valueFromEnv: K}\n  schemaSelector: {type: ${t}}\n`),
    yaml(
      'as a primitive name',
      `${LLM}    apiKey: {valueFromEnv: K}\n  overrideAiPrimitivesLlm:\n    - primitiveName: ${t}\n      llm: {provider: hosted}\n`,
    ),
    yaml(
      'as a safety setting',
      `${HEAD}  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n    safetySettings: {harassment: ${t}}\n`,
    ),
    yaml('as the kind', `kind: ${t}\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n`),
    yaml('as the version', `kind: AssistantConfig\nversion: ${t}\ndefinition:\n  llm: {provider: hosted}\n`),
    yaml(
      'as cloud_a apiVersion and endpoint',
      `${HEAD}  llm:\n    provider: cloud_a\n    apiVersion: ${t}\n    endpoint: ${t}\n    apiKey: {valueFromEnv: K}\n`,
    ),
    yaml('as the model and baseUrl', `${LLM}    model: ${t}\n    baseUrl: ${t}\n    apiKey: {valueFromEnv: K}\n`),
    yaml('in a URL', `${LLM}    baseUrl: https://bob:${t}@gw.example.com/v1\n    apiKey: {valueFromEnv: K}\n`),
    yaml(
      'as an integer',
      `${LLM}    apiKey: {valueFromEnv: K}\n  maxAssistantActions: ${t}\n  schemaSelector: {type: llm_selector, llm: {provider: hosted}, maxItems: ${t}}\n`,
    ),
    yaml(
      'as an anchor name',
      `${HEAD}  llm: &${t}\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm: *${t}\n`,
    ),
    yaml('as an unknown alias', `${LLM}    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm: *${t}\n`),
    yaml(
      'in comments, once wrapped over two lines',
      `# old key: ${t}\n${LLM}    apiKey: {valueFromEnv: K}  # ${t}\n    # new key: ${t.slice(0, half)}\n    #   ${t.slice(half)}\n`,
    ),
    // Wrapped alone (no copy elsewhere): its first line must be known by its shape, its last 10
    // characters by following it.
    ...(headShaped(t.slice(0, -10))
      ? [
          yaml(
            'in a comment wrapped over two lines, alone',
            `${LLM}    apiKey: {valueFromEnv: K}\n    # old key: ${t.slice(0, -10)}\n    #   ${t.slice(-10)}\n`,
          ),
        ]
      : []),
    yaml('as the name in valueFromEnv', `${LLM}    apiKey: {valueFromEnv: ${t}}\n`),
    yaml('as the name in valueFromEnv, quoted', `${LLM}    apiKey:\n      valueFromEnv: "${t}"\n`),
    yaml('in a shell default in valueFromEnv', `${LLM}    apiKey: {valueFromEnv: '\${VENDOR_KEY:-${t}}'}\n`),
    yaml('a line of its own', `${LLM}    apiKey: {valueFromEnv: K}\n${t}\n`),
    yaml('a line of its own at the top', `${t}\n${LLM}    apiKey: {valueFromEnv: K}\n`),
    yaml('in a flow key, quoted', `${LLM}    apiKey: {valueFromEnv: K, "${t}": 1}\n`),
    yaml('after a tab in a key', `${LLM}    apiKey: {valueFromEnv: K}\n  \t${t}: 1\n`),
    yaml('as a duplicate key', `${LLM}    apiKey: {valueFromEnv: K}\n  ${t}: 1\n  ${t}: 2\n`),
    yaml(
      'in a suppression reason',
      `${LLM}    # assistant-config-disable-next-line unknown-property -- ${t}\n    apiKey: {valueFromEnv: K, x: 1}\n`,
    ),
    json(
      'JSON key',
      `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"valueFromEnv": "K"}}, "${t}": 1}}\n`,
    ),
    json(
      'JSON provider',
      `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {"llm": {"provider": "${t}"}}\n}\n`,
    ),
    json(
      'JSON, after the end',
      `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}}} ${t}\n`,
    ),
  ];
}
