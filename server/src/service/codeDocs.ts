// The long documentation of each diagnostic code: an example that triggers it and how to fix it.
// Keyed by the registry's codes (a missing code fails the type check); `assistant-config explain`,
// docs/codes/<code>.md (generated, checked in sync by a test) and the diagnostic's codeDescription
// link all read it. A test runs every example and checks it triggers its code.
import type { DiagnosticCode } from './codes';
import { CODES, isSuppressible, orList, repairsSyntax, whyNotSuppressible } from './codes';
import { levelsOf } from './projectConfig';
import { DISABLE_FILE, DISABLE_NEXT_LINE } from './suppressions';

export interface CodeDoc {
  /** A small document that triggers the code (YAML unless `language` says JSON). */
  example: string;
  language?: 'yaml' | 'json';
  /** Validation options the example needs (a lower limit, an environment without the variable). */
  options?: {
    maxFallbackDepth?: number;
    maxFileSize?: number;
    maxNestingDepth?: number;
    maxAliasExpansion?: number;
    envDefined?: string[];
    envExposed?: string[];
    /** Names the example's `.env` sets to nothing. */
    envEmpty?: string[];
  };
  /** How to fix it, in Markdown. */
  fix: string;
}

const H = 'kind: AssistantConfig\nversion: v2\n';

export const CODE_DOCS: { readonly [C in DiagnosticCode]: CodeDoc } = {
  'syntax-error': {
    example: `${H}definition:\n  llm: { provider: hosted\n`,
    fix: "Correct the YAML or JSON syntax at the position shown (an unclosed bracket or quote, a tab used for indentation, a missing colon). Every other check still runs on what could be read. Text pasted under a block scalar's key (`systemInstructions: |`) but not indented under it is said once, on its first line: the editor's quick fix indents the text two columns past the key (not `lint --fix`: where the text ends is yours to say). So is a line of that text less indented than the lines above it (a column short, or at the key's column): it ends the block and would be read as a key; the quick fix indents it like the text. In JSON, an unclosed string is said once, at the string: write its closing `\"`. JSON has no `NaN`, `Infinity` or `-Infinity` (Python's `json.dumps` writes them): write a number, or `null` where the field may be left unset (the editor's quick fix writes `null` where the field takes null; `lint --fix` does not).",
  },
  'irregular-whitespace': {
    example: `${H}definition:\n  llm:\n    provider:\u00a0hosted\n`,
    fix: 'Replace the character with a plain space (the quick fix and `lint --fix` do it). Messages name it (`U+00A0 no-break space`) because no editor or terminal shows it: it usually comes from text copied out of a wiki, a chat or a word processor. Inside quoted and block scalars, and in comments, such characters are text and are left alone.',
  },
  'missing-comma': {
    language: 'json',
    example:
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "vendor_a",\n      "model": "large-model"\n      "apiKey": { "valueFromEnv": "VENDOR_A_API_KEY" }\n    }\n  }\n}\n',
    fix: 'Write the comma right after the value the message points at (the quick fix and `lint --fix` do it). JSON readers stop at the first missing comma (Python: "Expecting \',\' delimiter"), so the service would not read the file. A comma missing after an unclosed string is a `syntax-error` instead: close the string first.',
  },
  'unportable-tab': {
    example: `${H}definition:\n  llm:\n    provider:\thosted\n  maxAssistantActions: 5\t# per turn\n`,
    fix: 'Write a space where the tab is, and remove white space at the end of a line: the quick fix and `lint --fix` do it (`format` does it too). To keep tabs out for good, set your editor to insert spaces for YAML files (VS Code: `"[yaml]": { "editor.insertSpaces": true }`, its default) and to trim trailing white space.',
  },
  'misaligned-indent': {
    example: `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: public\n       tableName: orders\n        columns: [id]\n`,
    fix: 'Move the line to the column of the block it belongs to (the message names the key beside it and how many spaces): the quick fix and `lint --fix` do it, and move the lines under the key with it when they would otherwise no longer be nested under it. Nothing is added or removed. A line that no block near it can take stays a `syntax-error`.',
  },
  'extra-document': {
    example: `${H}definition:\n  llm: { provider: hosted }\n---\nnotes: a second document\n`,
    fix: 'Keep one YAML document per file: move the other document to a file of its own (another AssistantConfig is then checked as its own file; its mistakes are reported here meanwhile), or remove it if nothing needs it. An empty document (a `---` followed by nothing but comments, often a final `---`) is fixed by removing that `---`: the quick fix and `lint --fix` do it, and the comments stay. A final `...` (document end) is fine. The spec describes one AssistantConfig object, and the usual loaders (PyYAML `safe_load`, js-yaml `load`, yaml `parse`) refuse a file with a second document, so this is an error.',
  },
  'resource-limit': {
    // An alias bomb: seven lines that expand to ten million nodes.
    example: `${H}definition:\n  llm: { provider: hosted }\n  featureFlags:\n    a: &a [x, x, x, x, x, x, x, x, x, x]\n${[
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]
      .map((n, i) => `    ${n}: &${n} [${Array(10).fill(`*${'abcdefg'[i]!}`).join(', ')}]\n`)
      .join('')}`,
    fix: 'Split or shorten the document, or raise the limit (`assistantConfig.limits.maxFileSize`, `maxNestingDepth`, `maxAliasExpansion` in the editor settings) if the file is genuinely that large.',
  },
  'not-an-object': {
    example: '- kind: AssistantConfig\n- version: v2\n',
    fix: 'Write a mapping (`key: value` lines, or `{ }` in JSON) where the format expects an object. On an empty file, the editor offers a skeleton to start from.',
  },
  'kind-missing': {
    example: 'version: v2\ndefinition:\n  llm: { provider: hosted }\n',
    fix: 'Add `kind: AssistantConfig` at the top level. `lint --fix` does it.',
  },
  'kind-invalid': {
    example: 'kind: AssistantConfg\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n',
    fix: 'Set `kind: AssistantConfig`. `lint --fix` does it for a slip of that name (case, separators, a letter or two: `AsistantConfig`, `assistant-config`); another kind (`ProjectConfig`) says what the file was written for, so it is left to you (the editor offers the change).',
  },
  'version-missing': {
    example: 'kind: AssistantConfig\ndefinition:\n  llm: { provider: hosted }\n',
    fix: 'Add `version: v2` at the top level. `lint --fix` does it.',
  },
  'version-unsupported': {
    example: 'kind: AssistantConfig\nversion: v3\ndefinition:\n  llm: { provider: hosted }\n',
    fix: 'Set `version: v2`, the only version the format describes. `lint --fix` does it for a slip of `v2` (`V2`, `v 2`, `2`) and for version 2 written as a release (`2.0`, `v2.0`, `2.0.0`); another version (`v1`, `v3`, `v2.1`) says what the file was written for, so it is left to you (the editor offers the change).',
  },
  'missing-required': {
    example: `${H}definition:\n  llm:\n    provider: cloud_c\n`,
    fix: "Add the fields the message names. The editor's quick fix inserts them in schema order with placeholders to fill in; `lint --fix` leaves this to you, because only you know the values.",
  },
  'empty-required': {
    example: `${H}definition:\n  llm:\n    provider: cloud_c\n    modelId: ""\n    regionName: us-east-1\n    cloudAccessKeyId: { valueFromEnv: CLOUD_C_ACCESS_KEY_ID }\n    cloudSecretAccessKey: { valueFromEnv: CLOUD_C_SECRET_ACCESS_KEY }\n`,
    fix: 'Fill in the value: an empty identifier cannot work. Fixes and snippets insert an empty value on purpose, so this diagnostic stays until you do.',
  },
  'blank-string': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    model: ""\n    apiKey: { valueFromEnv: VENDOR_A_API_KEY }\n`,
    fix: "Remove an empty optional key, or set it to `null`, to use the service's default; remove empty items and keys; remove the spaces around a name or URL (the editor's quick fix does). `lint --fix` leaves them: removing a key or an item is your choice.",
  },
  'missing-discriminator': {
    example: `${H}definition:\n  llm:\n    model: some-model\n`,
    fix: 'Add `provider` (for an LLM config) or `type` (for a schema selector): it selects which fields are allowed. Completion lists the valid values.',
  },
  'unknown-discriminator': {
    example: `${H}definition:\n  llm:\n    provider: vendr_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    fix: 'Use one of the values the message lists. When one is clearly closest, `lint --fix` replaces it.',
  },
  'unknown-property': {
    example: `${H}definition:\n  llm:\n    provider: hosted\n    modle: x\n`,
    fix: "Rename the key to the one the message suggests (`lint --fix` does it when there is one clear match; the editor offers only the rename then, never to remove a misspelt key with its value). A key that the selected variant names otherwise (`baseUrl` under `provider: cloud_a`, whose address is `endpoint`; read from the schema) gets a rename to that name, the editor's preferred fix (not `lint --fix`: which name you meant is yours to say). A key close to no allowed one is not read by the selected variant: move its value where it belongs, or remove it (the quick fix offers that). Keys written at the column of a key left empty above them (`fallback:` then `provider: vendor_a`, `apiKey:` then `valueFromEnv: NAME`, `featureFlags:` then `my_beta: true`; an empty key with only an anchor or a tag counts as empty) are one indentation slip, said once: the fix (preferred, and `lint --fix`) indents those lines under the empty key, moving nothing else. When they repeat keys written above (`provider`, `apiKey`), the copies above are what the file meant for this mapping: no duplicate-key is said about them. A near miss of a key the mapping already has (`maxItem: 50` beside `maxItems: 40`) is named with it: keep one of the two values (the editor offers each; the same value twice is removed, also by `lint --fix`). A required key written one level up (`llm` at the top level beside a `definition` that lacks it) is this one finding, not also `missing-required`: move it under the key the message names (`lint --fix` does, and moves any key into the block the schema gives it when that block is written: certain, and nothing is lost; under a new key the move is the editor's). A line of prose at the column of a block scalar's key right after its text (`Note: keep answers short` after `systemInstructions: |` and its lines) is valid YAML that ends the block and is read as a key: the message says it may be meant as text of the block, and the editor's fix (not `lint --fix`: text or key is yours to say) indents it like the text; a near miss of an allowed key keeps its rename instead.",
  },
  'invalid-type': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  contextWindowLimit: "many"\n`,
    fix: 'Write a value of the type the message names (a number, a string, a mapping, a list). When only one value is valid there, `lint --fix` sets it; a variable name written where an EnvironmentValue belongs (`apiKey: $VENDOR_KEY`, `${VENDOR_KEY}` or `VENDOR_A_API_KEY`) becomes `apiKey: { valueFromEnv: VENDOR_KEY }`; one name where a list of names belongs (`columns: id`) becomes a list of that one name (`columns: [id]`); a whole number written in quotes where a number belongs (`maxAssistantActions: "12"`) is written without them (`12`); a v1 shape with one v2 form, read from the schema, is rewritten keeping every word: a boolean where a mapping with one boolean field belongs (`threadTitleGeneration: true` becomes `threadTitleGeneration: { enable: true }`), a list of names where a mapping of booleans belongs (`featureFlags: [enable_automations]` becomes `featureFlags: { enable_automations: true }`, a block list line by line, comments kept).',
  },
  'invalid-enum': {
    example: `${H}definition:\n  llm:\n    provider: cloud_b\n    modelId: model-001\n    cloudProject: my-project\n    cloudLocation: us-central1\n    cloudServiceAccountKeyJson: { valueFromEnv: CLOUD_B_SERVICE_ACCOUNT_KEY_JSON }\n    safetySettings:\n      harassment: blockHigh\n`,
    fix: 'Use one of the allowed values the message lists. When one is clearly closest, `lint --fix` replaces it.',
  },
  'not-integer': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  contextWindowLimit: 2.5\n`,
    fix: 'Write a whole number.',
  },
  'non-positive-limit': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  contextWindowLimit: 0\n`,
    fix: "Use a positive number, or remove the field to use the service's default.",
  },
  'env-value-conflict': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: {}\n`,
    fix: 'Give the EnvironmentValue exactly one of `value` and `valueFromEnv` (prefer `valueFromEnv`, so the secret stays out of the file). The editor offers to add `valueFromEnv` with a conventional variable name, or to keep one of the two; `lint --fix` leaves the choice to you, since the name would be a guess (and a mapping with another key most likely holds a misspelt `valueFromEnv`, which `unknown-property` renames). A `value: null` (or `~`, an empty `value:`, or `value: ""`) beside `valueFromEnv` is removed by the fix and by `lint --fix` alike: it holds nothing, and the comments on its line stay.',
  },
  'literal-secret': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: not-a-real-key\n`,
    fix: "Put the secret in an environment variable (or the file's `.env`, kept out of version control) and write `valueFromEnv: NAME` instead. The editor's quick fix does the move (when git does not ignore that `.env`, the preferred one also adds `.env` to the repository's `.gitignore`, in the same edit); `lint --fix` does not, because it would have to write the secret somewhere.",
  },
  'url-credentials': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n    baseUrl: https://user:not-a-real-password@llm.example.com/v1\n`,
    fix: 'Write the address without `user:password@` and give the credential through the field meant for it (an EnvironmentValue with `valueFromEnv`), so that the secret stays out of the file.',
  },
  'url-scheme': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n    baseUrl: api.example.com/v1\n`,
    fix: 'Write the full address with its scheme, `https://api.example.com/v1` (plain `http://` only for a service on this machine or your own network).',
  },
  'invalid-env-name': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ""\n`,
    fix: 'Write the name of the environment variable or secret that holds the value, bare: `VENDOR_KEY`, not `$VENDOR_KEY`, `${VENDOR_KEY}` or `"VENDOR_KEY "` (`lint --fix` removes the `$` and braces, and blanks around the name).',
  },
  'value-not-expanded': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: \${OPENAI_KEY}\n`,
    fix: "Read the variable with `valueFromEnv`, by its bare name: `apiKey: { valueFromEnv: OPENAI_KEY }`. `value` is sent as written, `$` and braces included; nothing expands it. `lint --fix` rewrites it. A shell default with a key in it (`${OPENAI_KEY:-sk-…}`) is also `literal-secret`: the editor's fix moves the key to `.env` as `OPENAI_KEY` and writes `valueFromEnv: OPENAI_KEY`.",
  },
  'env-not-set': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    options: { envDefined: [] },
    fix: "Define the variable in the environment or in the `.env` the file takes: the nearest `.env` walking up from the file's directory, never above the top of its git repository (the message names it; a nearer `.env` replaces an outer one, it does not add to it). This is information only: the variable may well be defined where the service runs. A variable that `.env` sets to nothing is `env-empty`. `lint --no-env-check` skips the check (this code and `env-empty`).",
  },
  'env-empty': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    options: { envDefined: ['VENDOR_A_API_KEY'], envEmpty: ['VENDOR_A_API_KEY'] },
    fix: 'Give the variable its value in the `.env` the file takes (the message names it), or remove that line and define the variable where the service runs. A line of a template left unfilled (`VENDOR_A_API_KEY=`) defines the name with no value, and dotenv does not replace a variable the environment already has, so a name the environment defines is not reported. Information only, as `env-not-set`. `lint --no-env-check` skips it.',
  },
  'dotenv-not-ignored': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
    options: { envDefined: ['VENDOR_A_API_KEY'], envExposed: ['VENDOR_A_API_KEY'] },
    fix: 'Add `.env` to `.gitignore`, so the secrets in it are not committed. A `.env` git already tracks (committed, or staged by `git add`) is an error: `.gitignore` does not untrack it; remove it from the index with `git rm --cached .env` (the file stays on disk), add it to `.gitignore`, and rotate any secret that was committed. (Reported only in a git workspace, for the `.env` the file takes, named in the message, when it defines the variable. `lint --no-env-check`, which the pre-commit hook passes, keeps it; `--suppress dotenv-not-ignored` silences it.)',
  },
  'json-not-strict': {
    example:
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted" } }, // trailing comma\n}\n',
    language: 'json',
    fix: "Remove the comment, the trailing comma or the byte order mark: JSON readers reject them. The editor's quick fix does it; `lint --fix` removes a byte order mark and trailing commas (they carry nothing you wrote), never a comment, since removing it would drop what you wrote.",
  },
  'duplicate-key': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  contextWindowLimit: 1000\n  contextWindowLimit: 2000\n`,
    fix: 'Keep one occurrence of the key. `lint --fix` removes a duplicate only when it repeats another copy word for word (the later copy goes: your key order and comments stay) and no comment goes with it, or when the ignored copy has no value at all (a `fallback:` line doubled by accident, the block under the second copy: the empty copy goes); otherwise it leaves the choice to you, since removing it would drop what you wrote: the editor offers "Keep the first (line N)" and "Keep the last (line M, the one read)", each removing the other copies whole (their values and nested lines; the comments on their lines stay, on lines of their own). Copies that follow a key left empty at their column (`fallback:` then `provider:`) are an indentation slip, reported as unknown-property with an indent fix; the same key right after it (the doubled line) is not.',
  },
  'fallback-cycle': {
    example: `${H}definition:\n  llm: &a\n    provider: hosted\n    fallback: *a\n`,
    fix: 'Break the loop: a fallback must end somewhere. Replace the alias that points back at an enclosing config with a config of its own.',
  },
  'fallback-too-deep': {
    example: `${H}definition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: hosted\n      fallback:\n        provider: hosted\n`,
    options: { maxFallbackDepth: 1 },
    fix: 'Shorten the chain, or raise the bound (`maxFallbackDepth` in `.assistant-config.yaml`, or the editor setting `assistantConfig.validation.maxFallbackDepth`).',
  },
  'duplicate-primitive': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n      llm: { provider: hosted }\n    - primitiveName: summarize\n      llm: { provider: hosted }\n`,
    fix: 'Keep one override per primitive; only one of them can apply.',
  },
  'empty-tables': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  schemaSelector:\n    type: fixed\n    tables: []\n`,
    fix: 'List the tables to include (each with `schemaName`, `tableName` and `columns`; `columns: []` includes all of its columns). To include every table, use `type: all` instead (the refactoring on the `type` value switches the variant). The spec does not say what a `fixed` selector with no table does, so this is a warning.',
  },
  'duplicate-table': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  schemaSelector:\n    type: fixed\n    tables:\n      - { schemaName: sales, tableName: orders, columns: [] }\n      - { schemaName: sales, tableName: orders, columns: [] }\n`,
    fix: "List each table once. When the later entry repeats the first word for word, the editor's quick fix removes it (nothing is lost; never when a comment or an anchor goes with it). When the entries differ (other `columns`), merge them by hand: the service may use either. `lint --fix` does not remove entries: the spec allows the repeat.",
  },
  'unknown-primitive': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  overrideAiPrimitivesLlm:\n    - primitiveName: summarise\n      llm: { provider: hosted }\n`,
    fix: "Use one of the named primitives when you meant one (the editor's quick fix replaces it; `lint --fix` does not, since another name is allowed by the format and only you know which you meant); another name may be ignored by the service.",
  },
  'near-miss-key': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  featureFlags:\n    enable_visualization: true\n`,
    fix: "Rename the key to the named one you meant (the editor's quick fix does it; `lint --fix` does not, since custom keys are allowed and only you know which you meant). A custom flag that is meant to differ is allowed: silence the finding on its line.",
  },
  'key-in-block-scalar': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  systemInstructions: |\n    Answer in one paragraph.\n    schemaSelector:\n      type: all\n`,
    fix: "Move the line, and the lines after it that belong to it, out of the text to the column of the scalar's key (`systemInstructions`): the editor's quick fix does it, removing only spaces of indentation. If the line is meant as text (the instructions mention the key), write it otherwise (`The schemaSelector: …` with a word before it is not read as a key), or silence the code for the file with `# assistant-config-disable key-in-block-scalar` (a comment line inside the scalar would be text, so the per-line suppression does not apply there). `lint --fix` leaves it: whether it is a key is yours to say.",
  },
  'field-in-custom-keys': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  featureFlags:\n    enable_automations: true\n    contextWindowLimit: 128000\n`,
    fix: "Move the key one level up, to the column of the mapping that holds it (`contextWindowLimit` beside `featureFlags`, `functions` beside `tables`): the editor's quick fix does it, removing only spaces of indentation, with the key's comments and nested lines. If a custom flag or a schema of that name is what you mean, silence the finding on its line (`# assistant-config-disable-next-line field-in-custom-keys`). `lint --fix` leaves it.",
  },
  'wildcard-name': {
    example: `${H}definition:\n  llm: { provider: hosted }\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: sales\n        tableName: orders\n        columns: ["*"]\n`,
    fix: 'For all the columns of a table write an empty list, `columns: []` (the editor\'s quick fix does it); otherwise name each column, table or function. Table lists of `alwaysInclude` have no "all": name the tables, or use `type: all` for the whole database. If the name really holds `*`, silence the finding on its line.',
  },
  'unresolved-alias': {
    example: `${H}definition:\n  llm:\n    provider: hosted\n    fallback: *base\n`,
    fix: "Define the anchor (`&name`) before the alias (`*name`) that uses it, or correct the alias's name. When the anchor is defined further down, the message says so (YAML reads an alias only after its anchor): move the anchored value above the alias, or put the anchor on the first use. When the name is a near miss of an anchor above (`*mian` for `&main`), the message names it and the quick fix renames the alias; `lint --fix` applies it only when that anchor is the one clear match (one letter or swap away, a name of four letters or more, no other anchor near). The value an unresolved alias stands for is not checked again as missing.",
  },
  'invalid-encoding': {
    example: `# caf\uFFFD au lait\n${H}definition:\n  llm: { provider: hosted }\n`,
    fix: 'Save the file as UTF-8. The replacement characters stand for bytes that were not valid UTF-8 when the file was read.',
  },
  'yaml11-ambiguous': {
    example: `${H}definition:\n  llm:\n    provider: cloud_a\n    endpoint: https://llm.example.com/\n    apiVersion: 2024-06-01\n    apiKey: { valueFromEnv: CLOUD_A_API_KEY }\n  maxAssistantActions: 010\n`,
    fix: 'Quote the string (`apiVersion: "2024-06-01"`, `schemaName: \'no\'`), or write the number in plain decimal (`maxAssistantActions: 10`): every YAML loader then reads the value as the spec types it. The quick fix and `lint --fix` do it, in the quotes the file already uses. For a custom feature flag (whose value the spec leaves untyped) choose: `true`/`false` for a boolean, quotes for a string. This tool reads YAML 1.2, where `yes` and `2024-06-01` are strings and `010` is 10; the loader of the service or of a deploy tool may be YAML 1.1. A file that starts with `%YAML 1.1` (then `---`) says which YAML it is written in: this tool reads it as 1.1, as every loader that honours the directive does, and gives no `yaml11-ambiguous` warning there; what is left is the 1.1 reading itself, a date where a string belongs (`invalid-type`, fixed by quoting it).',
  },
  'tag-mismatch': {
    example: `${H}definition:\n  llm: !!str\n    provider: hosted\n`,
    fix: 'Remove the tag (`llm: !!str` → `llm:`): the quick fix and `lint --fix` do it. A tag says what kind of value follows; `!!str` (a string) on a mapping contradicts it, and YAML 1.1 loaders stop there.',
  },
  'unsupported-tag': {
    example: `${H}definition:\n  llm:\n    provider: vendor_a\n    model: !custom gpt-4o\n    apiKey: !Ref VendorKey\n`,
    fix: "Remove the tag (`model: !custom gpt-4o` → `model: gpt-4o`): the quick fix does it where the value without the tag is what the field takes. Otherwise write the value as the field takes it: a credential as `{ valueFromEnv: NAME }` rather than CloudFormation's `!Ref`, which only CloudFormation resolves. A value that some tool of yours fills in from a tag (a template step that runs before the file is deployed) is checked as written here: check the file that tool writes, or silence the finding on its line.",
  },
  'unportable-anchor': {
    example: `${H}definition:\n  llm: &main.llm\n    provider: hosted\n  aiPrimitivesLlm: *main.llm\n`,
    fix: 'Rename the anchor with ASCII letters, digits, `_` or `-` (`&main_llm`), and its aliases with it: the quick fix or Rename Symbol (F2) on the anchor does both.',
  },
  'duplicate-anchor': {
    example: `${H}definition:\n  llm: &fb\n    provider: hosted\n  aiPrimitivesLlm: &fb\n    provider: vendor_a\n    apiKey: { valueFromEnv: VENDOR_A_API_KEY }\n  threadTitleGeneration:\n    enable: true\n    llm: *fb\n`,
    options: { envDefined: ['VENDOR_A_API_KEY'] },
    fix: "Give each anchored value its own name: the quick fix renames the later anchor (`&fb_2`) and the aliases that read it, which changes nothing this tool or any YAML 1.2 reader reads. If the aliases below meant the first value (the block was copied with its mark), remove the later mark instead: the quick fix *Remove this '&fb'* does it, and the aliases then read the first anchor. `lint --fix` leaves it.",
  },
  'unused-anchor': {
    example: `${H}definition:\n  llm: &main\n    provider: hosted\n`,
    fix: 'Remove the `&name` mark (the quick fix does it; the value stays), or use the anchor with an alias `*name` where the same value is meant.',
  },
  'unused-suppression': {
    example: `${H}definition:\n  llm:\n    provider: hosted\n  # assistant-config-disable-next-line unknown-property\n  contextWindowLimit: 8000\n`,
    fix: 'Remove the suppression comment (or the code from it): nothing on the next line (or in the file, for `assistant-config-disable`) is reported under that code any more. A code that is not in the list, or that cannot be silenced (`syntax-error`, `resource-limit`), is reported the same way.',
  },
};

/** Where a code's page lives, relative to the repository (and the installed package) root. */
export function codeDocPath(code: DiagnosticCode): string {
  return `docs/codes/${code}.md`;
}

/**
 * How to silence a code, the same for every code: every way there is, from one line to every file
 * (REVIEW15 U14: the page named only the project config; teams read it from a code-scanning alert).
 */
export function silenceText(code: DiagnosticCode): string {
  // (isSuppressible narrows its argument: a plain boolean keeps `code` a DiagnosticCode below.)
  const suppressible: boolean = isSuppressible(code);
  if (!suppressible) {
    const own = CODES[code].severity === 'information' ? 'info' : CODES[code].severity;
    const higher = levelsOf(code).filter((l) => l !== 'off' && l !== own);
    return [
      `It cannot be silenced: no suppression comment, \`--suppress\`, \`--rule\`, setting or project config turns it off or lowers it, because ${whyNotSuppressible(code)}.`,
      ...(higher.length > 0
        ? [
            '',
            `It can be raised: for one run with \`--rule ${code}=${higher[higher.length - 1]!}\`, or in the project config file \`.assistant-config.yaml\`:`,
            '',
            '```yaml',
            'rules:',
            `  ${code}: ${higher[higher.length - 1]!}   # or ${orList(higher.slice(0, -1).length > 0 ? higher.slice(0, -1) : higher)}`,
            '```',
          ]
        : []),
    ].join('\n');
  }
  return [
    'From the narrowest:',
    '',
    `- **One line** (YAML): the comment \`# ${DISABLE_NEXT_LINE} ${code} -- why\` on the line above it, which the editor's quick fix *Ignore ${code} on this line* writes; \`# ${DISABLE_FILE} ${code} -- why\` silences it in the whole file. The comment travels with the file: the editor, the CLI, pre-commit and CI all apply it.`,
    `- **One run or CI job**: \`assistant-config lint --suppress ${code}\` (still listed as suppressed in SARIF), or \`--rule ${code}=off\` (also \`info\`, \`warning\`, \`error\`).`,
    `- **Your editor**: the setting \`"assistantConfig.suppress": ["${code}"]\` (user settings, or the workspace's \`.vscode/settings.json\`): the way for JSON files, which have no comments.`,
    `- **Every file below a directory**: the project config file \`.assistant-config.yaml\`, read by the CLI and the editor alike. A package's own file replaces the root's unless it \`extends\` it:`,
    '',
    '```yaml',
    "extends: ../../.assistant-config.yaml   # in a package: the root's other rules still apply",
    'rules:',
    `  ${code}: off   # or info, warning, error`,
    '```',
  ].join('\n');
}

/** The Markdown page of a code: docs/codes/<code>.md and `assistant-config explain <code>`. */
export function codeDocMarkdown(code: DiagnosticCode): string {
  const c = CODES[code];
  const d = CODE_DOCS[code];
  const fence = d.language === 'json' ? 'json' : 'yaml';
  const severity = c.severity === 'information' ? 'information' : c.severity;
  const autofix = {
    safe: 'yes',
    'same-value': 'when nothing is lost',
    lossless: 'only the cases where nothing you wrote is removed',
    no: 'no',
  }[c.autofix];
  return [
    `# ${code}`,
    '',
    `Default severity: **${severity}**. Fixed by \`lint --fix\`: **${autofix}**${c.autofix === 'no' ? '' : repairsSyntax(code) ? ' (also on a line that is a syntax error: this fix repairs how the text is written)' : ' (not on a line that is a syntax error: correct that line first)'}.`,
    '',
    '## What it means',
    '',
    c.doc,
    '',
    '## Example',
    '',
    '```' + fence,
    d.example.replace(/\n$/, ''),
    '```',
    '',
    ...(d.options ? [exampleNeeds(d.options), ''] : []),
    '## How to fix it',
    '',
    d.fix,
    '',
    '## How to silence it',
    '',
    silenceText(code),
    '',
  ].join('\n');
}

/** What the example needs beyond the defaults, said on its page (it is checked with these options). */
function exampleNeeds(o: NonNullable<CodeDoc['options']>): string {
  const parts: string[] = [];
  if (o.maxFallbackDepth !== undefined)
    parts.push(
      `a fallback bound of ${String(o.maxFallbackDepth)} (\`maxFallbackDepth: ${String(o.maxFallbackDepth)}\` in \`.assistant-config.yaml\`)`,
    );
  if (o.maxFileSize !== undefined)
    parts.push(
      `a file size limit of ${String(o.maxFileSize)} bytes (the editor setting \`assistantConfig.limits.maxFileSize\`; the default is far larger)`,
    );
  if (o.maxNestingDepth !== undefined)
    parts.push(`a nesting limit of ${String(o.maxNestingDepth)} (\`assistantConfig.limits.maxNestingDepth\`)`);
  if (o.maxAliasExpansion !== undefined)
    parts.push(
      `an alias expansion limit of ${String(o.maxAliasExpansion)} (\`assistantConfig.limits.maxAliasExpansion\`)`,
    );
  if (o.envEmpty && o.envEmpty.length > 0)
    parts.push(
      `a \`.env\` that sets ${o.envEmpty.map((n) => `\`${n}=\``).join(', ')} (nothing after the \`=\`) and an environment that does not define it`,
    );
  else if (o.envExposed && o.envExposed.length > 0)
    parts.push(
      `a git repository whose \`.env\` defines ${o.envExposed.map((n) => `\`${n}\``).join(', ')} and is not ignored by git`,
    );
  else if (o.envDefined && o.envDefined.length === 0)
    parts.push('the variable set neither in the environment nor in `.env`');
  return `Reported with ${parts.join(', ')}.`;
}
