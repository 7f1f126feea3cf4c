// The registry of diagnostic codes: every diagnostic carries one of these, quick fixes key on them.
import { maskShapes, mayHoldShape } from './credentialShapes';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/**
 * Whether a code's fix is safe for `lint --fix` (which never asks the user), on top of the editor's
 * quick fixes that it reuses. The rule: `--fix` only repairs what the spec does not allow (ERRORS,
 * plus a byte no reader accepts), and only where the target is certain (one clear closest match, the
 * one value the spec allows, an exact repeat). Warnings about names the spec allows (a custom feature
 * flag close to a named one, a custom primitive name) are guesses: they stay editor quick fixes, the
 * user chooses. Two warnings have a `--fix`, whose fix changes no value as this tool reads it, so that
 * YAML 1.1 loaders read the file alike: `yaml11-ambiguous` (it quotes a string, or writes a number in
 * plain decimal) and `unportable-tab` (a space for a tab where YAML separates tokens). `fixAll` also re-checks every fix's result (it must parse as before, and add no error
 * where it edited), so a fix that would break the file or change its meaning is dropped there.
 * - `safe`: the preferred fix replaces something not allowed with the one allowed thing (a misspelt
 *   value or key with one clear closest match, the header, a BOM);
 * - `same-value`: only when what it removes is kept elsewhere word for word and no comment goes with
 *   it (a duplicate key whose value repeats another copy's, or an ignored copy with no value at all:
 *   removing a duplicate with another value would drop what the user wrote);
 * - `lossless`: only a diagnostic whose fix drops nothing the user wrote (`data.lossless`: a JSON
 *   byte order mark or trailing comma, the `$`/braces around a variable's name); the code's other
 *   cases (a JSON comment, an empty name) stay editor quick fixes;
 * - `no`: never applied by `--fix` (placeholders that must be filled, a secret move that must write
 *   `.env`, a document skeleton, a removed comment, a guess about a name the spec allows or about a
 *   variable's name: `env-value-conflict` but for its `value: null` or `value: ""` beside `valueFromEnv`).
 */
export type Autofix = 'safe' | 'same-value' | 'lossless' | 'no';

// `suppressible: false`: no suppression comment or setting can silence the code (a file that is not
// read, or a suppression that does nothing, stays visible).
// `repairsSyntax: true`: the code is about how the text is written, not what it says (a character, a
// column, a comma, a `---` that loaders refuse), and its fix repairs that: `--fix` and Fix all apply
// it where a `syntax-error` is too; no other fix edits a line that is a syntax error (fixAll.ts).
export const CODES = {
  'syntax-error': {
    autofix: 'no',
    severity: 'error',
    doc: 'The text is not valid YAML or JSON; parsing goes on after the error.',
    suppressible: false,
  },
  'irregular-whitespace': {
    autofix: 'safe',
    severity: 'error',
    repairsSyntax: true,
    doc: "A no-break space (U+00A0, pasted from a web page or a document) or another Unicode space in the indentation, after a list item's `-`, between `key:` and its value (in block and flow mappings), or after `{`, `[` or `,` in a flow collection: it looks like a space, but YAML reads it as text (the line is not indented, or `provider: hosted` is one string). The rest of the file is checked as if it were a plain space; the fix writes plain spaces.",
  },
  'missing-comma': {
    autofix: 'safe',
    severity: 'error',
    repairsSyntax: true,
    suppressible: false,
    doc: 'JSON: a comma missing between two properties of an object or two items of a list (`"model": "va-4"` with `"apiKey": …` on the next line). The message points at the value the comma belongs after and names what follows; the rest of the file is read as if the comma were there. The fix (also `lint --fix`) writes it. Where the place is not certain (an unclosed string before it), the parser\'s `syntax-error` is said instead.',
  },
  'unportable-tab': {
    autofix: 'lossless',
    severity: 'warning',
    repairsSyntax: true,
    doc: "A tab where YAML separates the parts of a line: between a value and its comment, after `key:` or `-`, at the end of a line, on a line of only white space, inside a flow collection (`{a:<tab>b}`). YAML 1.2 reads it as a space (this tool, js-yaml), but PyYAML refuses the file (\"found character '\\t' that cannot start any token\"); editors that do not expand tabs leave them in hand-edited files. The fix (also `lint --fix`) writes a space for each tab, or removes the white space at the end of a line: nothing read changes, and no column moves. A plain one-line value holding a tab (`be<tab>brief`) is said too: PyYAML refuses it there as well, and the fix writes the value in double quotes with the tab as `\\t` (the same text for every loader). So is a plain value continued over several lines that holds a tab: in its text (the fix writes it in double quotes on the same lines) or at the end of one of its lines (the fix removes that white space). A tab inside a quoted scalar, a block scalar's text or a comment is text and is not said; a tab in the indentation before a line's content is a `syntax-error` (its width would be a guess). A line of only white space holding a tab inside a block scalar's text (an editor's auto-indent left on a blank line of the instructions) is this code as an error: YAML reads the tab as text, less indented than the text, and no reader accepts the file; the fix (also `lint --fix`) empties the line, a blank line of the text.",
  },
  'misaligned-indent': {
    autofix: 'safe',
    severity: 'error',
    repairsSyntax: true,
    doc: 'A key or a list item indented a column or two off the block it belongs to (`tableName` one column short of `schemaName` in a list item, `model` one column past `provider`): YAML has no place for the line, and other tools refuse the file. The rest of the file is read with the line where it belongs; the message names the key and its block, and the fix (also `lint --fix`) moves the lines, nothing else.',
  },
  'extra-document': {
    autofix: 'lossless',
    severity: 'error',
    repairsSyntax: true,
    doc: "The file holds more than one YAML document (a `---` after the first, even with nothing after it): a file holds one AssistantConfig, and loaders that read one document refuse the file. Another AssistantConfig document is checked too; other content is not read. An empty document's `---` is removed by the fix (and `lint --fix`); a document with content is never removed. The findings of another AssistantConfig document get the editor's quick fixes and `lint --fix`'s safe ones, as in the first document (each edits that document only).",
  },
  'resource-limit': {
    autofix: 'no',
    severity: 'error',
    doc: 'The document exceeds a safety limit (size, nesting, alias expansion) and is not fully checked.',
    suppressible: false,
  },
  'not-an-object': {
    autofix: 'no',
    severity: 'error',
    doc: 'The document (or a value that must be a mapping) is not a mapping.',
  },
  'kind-missing': { autofix: 'safe', severity: 'error', doc: 'The top level lacks `kind: AssistantConfig`.' },
  'kind-invalid': { autofix: 'safe', severity: 'error', doc: '`kind` is not `AssistantConfig`.' },
  'version-missing': { autofix: 'safe', severity: 'error', doc: 'The top level lacks `version: v2`.' },
  'version-unsupported': {
    autofix: 'safe',
    severity: 'error',
    doc: '`version` is not `v2`, the only version described.',
  },
  'missing-required': {
    autofix: 'no',
    severity: 'error',
    doc: 'An object lacks required fields of its type or variant; one diagnostic names them all. A key within a small edit distance of a missing one is reported as `unknown-property` on that key instead (with a rename fix), and so is a missing key written one level up (`llm` at the top level beside a `definition` that lacks it: "belongs under \'definition\', which requires it", whose move `lint --fix` applies too).',
  },
  'empty-required': {
    autofix: 'no',
    severity: 'error',
    doc: 'A required string field (`modelId`, `endpoint`, `regionName`, `schemaName`…), or the literal `value` of a credential, is empty or blank: the config cannot work. Quick fixes insert `""` and snippets a `<field>` tab stop: both keep this diagnostic until filled, as does a snippet placeholder `${1:<field>}` that an editor without snippet support inserted as text, and any `<…>` placeholder as docs and tutorials write them (`<your-gcp-project>`; a value with `<` or `>` inside other text is not one).',
  },
  'blank-string': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A string the service would take as written and cannot use: an optional name, URL or version left empty or blank (`model: ""`: the key is present, so the default does not apply; remove it or set null), an empty or blank item or key of a list or map of names (`columns: [""]`; all columns is `columns: []`), or a single word with spaces around it (`modelId: " gemini "`, a URL with a trailing space; the quick fix removes them).',
  },
  'missing-discriminator': {
    autofix: 'no',
    severity: 'error',
    doc: 'An LLM config lacks `provider`, or a schema selector lacks `type`.',
  },
  'unknown-discriminator': {
    autofix: 'safe',
    severity: 'error',
    doc: 'An unknown `provider` or `type` value; the valid values and the closest one are named.',
  },
  'unknown-property': {
    autofix: 'safe',
    severity: 'error',
    doc: 'A key that the type or variant in force does not allow. A likely typo of an allowed key gets a rename (`lint --fix` applies it when it is the one clear match); a key of another variant of the same object offers the switch. A key that is a field one or two levels below (`enable_automations` written in `definition`, a field of `featureFlags`; `valueFromEnv` beside `provider`, a field of `apiKey`; `tables` without its `schemaSelector`) is said to belong there, read from the schema, and an editor fix moves its lines there (with its comments; under a new key where there is none yet, with the `type` that key needs). A key of the mapping above, written a level too deep (`systemInstructions` pasted under `llm`), is said to belong one level up, and the fix moves its lines out, after the block it was in. The move into a block the mapping already has (the one place of the key, of a variant that takes it) is applied by `lint --fix` too: certain, and nothing is lost; a move under a new key, under a misspelt one renamed, or one level up is an editor fix only: where the user meant the key is theirs to confirm. Both moves work in YAML (block and flow mappings) and in JSON (pretty or on one line): the key and its value move as written, with its comma (where the value cannot be written there as it is, a YAML block mapping going into a flow mapping, no move is offered).',
  },
  'invalid-type': { autofix: 'safe', severity: 'error', doc: 'A value of the wrong type.' },
  'invalid-enum': {
    autofix: 'safe',
    severity: 'error',
    doc: 'A value outside the allowed values (BlockType and the like).',
  },
  'not-integer': { autofix: 'no', severity: 'error', doc: 'A number that must be a whole number is not.' },
  'non-positive-limit': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A whole-number limit that is zero or negative; the spec does not say what such a limit does.',
  },
  'env-value-conflict': {
    autofix: 'lossless',
    severity: 'error',
    doc: 'An EnvironmentValue must have exactly one of `value` and `valueFromEnv`. A `value: null` (or `~`, an empty `value:`, or an empty string `value: ""`) beside `valueFromEnv` is this one finding, not also a type error or a "fill it in": its fix (also `lint --fix`, which loses nothing there: the comments on that line stay) removes `value: null`. Any other pair (a literal or blank `value` beside the name, or neither key) is the editor\'s choice: keep one, or add `valueFromEnv` with a conventional name. Neither key but a near miss of one (`value_from_env: NAME`, `valuFromEnv`) is not this finding but `unknown-property` on that key, whose rename writes the key.',
  },
  'literal-secret': {
    autofix: 'no',
    severity: 'warning',
    doc: "A credential written literally in `value` (warning), a plain string where an EnvironmentValue belongs (`apiKey: sk-…`, an error), or the credential pasted into `valueFromEnv` where its variable's name goes (an error, whatever the environment check says); the fix moves it into the `.env` the file takes (the nearest one walking up from it, else a new one at the top of its workspace folder, never above the repository's top, `/` or the home directory) and writes `valueFromEnv`. Blanks or line breaks around the key are named (the service sends them: a 401 although the key is right); the move keeps them, quoted in `.env`, and says so, and moving it without them is offered beside. A one-line key in a block scalar `|` (or `>`) keeps a final line break: the message says so and a fix writes `|-`, which changes only that. When the fix cannot move the key (a `'` in it, which no `.env` line reads back alike in every reader; an anchor that an alias shares, which would then hold the variable's name) the message says why. A plain string that names a variable (`apiKey: $VENDOR_KEY` or `${VENDOR_KEY}`, also with an empty or blank default, `${VENDOR_KEY:-}` or `${VENDOR_KEY:- }`, or the shell's 'error if unset' form `${VENDOR_KEY:?message}` (whose `lint --fix` is held back: it would drop the message), or a bare `VENDOR_A_API_KEY` that is set in the environment or the `.env`) is no credential: it is an `invalid-type`, whose fix (also `--fix`) writes `{ valueFromEnv: NAME }`. A bare `PASSWORD_2024` that no set variable is called may be the credential itself: an `invalid-type` that does not quote it (code frames mask it), whose fixes (read it as a variable's name, or move it to `.env` as the credential) are offered, neither preferred, and never applied by `--fix`. A credential written as the default of a shell-style default, pasted from a docker-compose file or a `.env` template (`value: ${OPENAI_KEY:-sk-…}`, also `${VAR-…}`, `${VAR:=…}`, `${VAR=…}` and compose's `$${VAR:-…}`, and a key written as the message of `${VAR:?…}`; a plain `apiKey: ${VAR:-…}`, an error; a default in `valueFromEnv` shaped like a key or like no variable's name) is one too (beside `value-not-expanded`), masked in output wherever the file holds it: the fix moves the default to `.env` under the variable the expression names and writes `valueFromEnv: VAR` (a different value for `VAR` already in `.env` is never overwritten: the default then goes to `VAR_2`, which the title says, not preferred); beside `valueFromEnv: NAME` (an `env-value-conflict` too) the default goes to `.env` as `NAME`, the variable the file keeps reading. Text shaped like a credential in a field that is not a credential field (`model`, a URL's path or query, the system instructions, `featureFlags`) or in a comment (`# old key: sk-…`) is a warning with no fix: remove it from there.",
  },
  'url-credentials': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A URL (`baseUrl`, `endpoint`, …) written with a user name or password (`https://user:secret@host`): a credential in the file, sent in every address and kept in logs and browser history. It is masked in output and is no clickable link.',
  },
  'url-scheme': {
    autofix: 'no',
    severity: 'warning',
    doc: "A service address (`baseUrl`, `endpoint`) that is not an http(s) URL: written without a scheme (`api.example.com/v1`) or with another one (`file:///…`, `javascript:…`). The service calls it over HTTP(S). Only the scheme is named; no fix (which address was meant is the user's to say).",
  },
  'value-not-expanded': {
    autofix: 'safe',
    severity: 'error',
    doc: "A variable reference written as the literal `value` of an EnvironmentValue (`apiKey: {value: ${OPENAI_KEY}}`, `value: $OPENAI_KEY`, also with an empty or blank default, `${OPENAI_KEY:-}` or `${OPENAI_KEY:- }`, or as `${OPENAI_KEY:?message}`): the service does not expand it, so the credential it sends is that text. The fix (also `lint --fix`, but for `${OPENAI_KEY:?message}`, whose message it would drop: the editor's fix only) writes `valueFromEnv: OPENAI_KEY`; where `valueFromEnv: OPENAI_KEY` is already beside it, the fix (also `lint --fix`) removes the reference, and where `valueFromEnv` names another variable the editor offers both (read `OPENAI_KEY` instead, or keep the other), neither preferred. A reference in another syntax (a shell default `${OPENAI_KEY:-…}`, one inside other text `Bearer ${TOKEN}` or `${A}${B}`, a GitHub Actions `${{ … }}`, cmd's `%NAME%`; a Helm/Go template `{{ … }}`, a warning, since a template engine may render the file first) is reported the same way, with no fix. A shell default whose default is a credential (`${OPENAI_KEY:-sk-…}`) is also `literal-secret`, whose fix moves the default to `.env` as `OPENAI_KEY` and writes `valueFromEnv: OPENAI_KEY`.",
  },
  'invalid-env-name': {
    autofix: 'lossless',
    severity: 'error',
    doc: 'A `valueFromEnv` that cannot name anything: empty, blank, with blanks around the name (`"VENDOR_A_API_KEY "`, a tab or a line break pasted inside the quotes, a `|` block\'s final line break: the service looks the name up as written; the fix, also `lint --fix`, removes them, also under `lint --no-env-check`), with control characters, or still a snippet placeholder (`${1:NAME}`, written by an editor that inserts snippets as text; the fix writes `NAME`) (an error); or a name written as a shell reference, `$NAME`, `${NAME}`, `${NAME:-}` or `${NAME:- }` with an empty or blank default, or `${NAME:?message}` (a warning: the service would look up a variable named with the `$`; the fix writes the bare name, also `lint --fix` but over a message); or an expression pasted from a workflow or a template, `${{ secrets.OPENAI_KEY }}` (a warning; the editor\'s fix writes `OPENAI_KEY`), `{{ … }}` or `${NAME:-…}`, also under `lint --no-env-check`. Other names (`vendor-a-key`, `projects/p/secrets/k`) are valid secret names.',
  },
  'env-not-set': {
    autofix: 'no',
    severity: 'information',
    doc: 'A `valueFromEnv` variable that is defined neither in the environment nor in the `.env` the file takes, the nearest one walking up from it (noting when a shell could not export the name). In the browser (vscode.dev, github.dev), which has no environment variables, only the `.env` is checked, and the message says so.',
  },
  'env-empty': {
    autofix: 'no',
    severity: 'information',
    doc: 'A `valueFromEnv` variable that the `.env` the file takes sets to nothing (`NAME=`, `NAME=""`, `NAME=   # later`, a blank quoted value), often a line of a template left unfilled, while the environment does not define it: the service would get an empty credential. Information, as `env-not-set`: the variable may be given its value where the service runs.',
  },
  'dotenv-not-ignored': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A `valueFromEnv` variable read from the `.env` the file takes while git does not ignore that `.env` (git workspaces only): the secret could be committed. An error when git tracks that `.env` (committed, or staged by `git add`): the message advises `git rm --cached`. Kept by `--no-env-check` (the pre-commit hook).',
  },
  'duplicate-key': {
    autofix: 'same-value',
    severity: 'error',
    doc: 'The same key twice in one mapping: reported on each ignored copy; the last occurrence is the one read and checked. The editor offers to keep the first or the last copy (each removes the other copies whole, the comments on their lines kept).',
  },
  'json-not-strict': {
    autofix: 'lossless',
    severity: 'error',
    repairsSyntax: true,
    doc: 'A comment, a trailing comma or a byte order mark (BOM, a warning) in a JSON file: JSON readers reject them. The fix removes it; `lint --fix` removes a BOM and trailing commas, never a comment.',
  },
  'fallback-cycle': {
    autofix: 'no',
    severity: 'error',
    doc: 'A `fallback`/`specificLlm` chain (or other value) that loops back on itself through YAML aliases.',
  },
  'fallback-too-deep': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A `fallback`/`specificLlm` chain nested deeper than the configured bound.',
  },
  'duplicate-primitive': {
    autofix: 'no',
    severity: 'warning',
    doc: 'The same `primitiveName` overridden twice in `overrideAiPrimitivesLlm`.',
  },
  'empty-tables': {
    autofix: 'no',
    severity: 'warning',
    doc: 'The `fixed` schema selector (`type: fixed`) with `tables: []`: it includes no table at all (the spec gives no meaning to an empty list; `type: all` includes every table).',
  },
  'duplicate-table': {
    autofix: 'no',
    severity: 'warning',
    doc: "The same table (`schemaName` and `tableName`) listed twice in the `fixed` schema selector's `tables`. The quick fix removes the later entry only when it repeats the first word for word (nothing is lost).",
  },
  'unknown-primitive': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A `primitiveName` close to one of the four named primitives but not one of them (other names are allowed and not reported). When another item already overrides the closest one, the message says so and the rename is offered, not preferred (it would override that primitive twice).',
  },
  'near-miss-key': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A key of an object that allows keys of your own (`featureFlags`) that is close to one of its named keys but not one of them: most likely a misspelling. Other custom keys are allowed and not reported.',
  },
  'key-in-block-scalar': {
    autofix: 'no',
    severity: 'warning',
    doc: "A line of a block scalar's text (`systemInstructions: |`, `>-`) that reads as a key of the mapping the scalar is in, and that the mapping does not set (`schemaSelector:`, `maxAssistantActions: 5` typed after pasted instructions, indented like their lines): YAML reads it as text, so the key is not set. Only keys the mapping allows are said, so prose in the instructions is not. The editor's fix moves that line and the ones after it out of the text, to the column of the scalar's key (spaces only); not `lint --fix`: whether the line is meant as a key is yours to say.",
  },
  'field-in-custom-keys': {
    autofix: 'no',
    severity: 'warning',
    doc: "A key in a mapping that takes keys of your own (`featureFlags`, `alwaysInclude.tables`) whose name is exactly a field of the mapping that holds it, which that mapping does not set: `contextWindowLimit: 128000` indented like the flags above it is a custom feature flag, and no context limit is set; `functions: [fiscal_quarter]` indented under `tables` is a schema named `functions`, and no function is included. Usually a line indented a level too deep. The fields are read from the schema. The editor's fix moves the key's lines one level up, beside the mapping (spaces only); not `lint --fix`: a flag or schema of that name is allowed, and which one you meant is yours to say.",
  },
  'wildcard-name': {
    autofix: 'no',
    severity: 'warning',
    doc: 'A schema, table, column or function name that holds `*` (`columns: ["*"]`, `tables: {reporting: ["*"]}`, `tableName: sales_*`): the service matches names exactly, so `*` is no pattern and matches nothing. All columns of a table is `columns: []` (the spec: an empty list means all columns); the editor\'s fix writes it. Not `lint --fix`: the list is yours to write.',
  },
  'unresolved-alias': {
    autofix: 'safe',
    severity: 'error',
    doc: 'A YAML alias (`*name`) whose anchor (`&name`) is not defined before it: the message says when the anchor is defined further down (an alias can only refer to an anchor above it), or when an anchor of that name is only in another YAML document of the file (anchors do not reach across `---`), or names the anchor above that the alias most likely means (`*mian` for `&main`). The fix renames the alias to it; `lint --fix` does so only when that anchor is the one clear match (one edit away, in a name of four letters or more, no other anchor near).',
  },
  'invalid-encoding': {
    autofix: 'no',
    severity: 'warning',
    doc: 'The text holds U+FFFD replacement characters: the file was probably not valid UTF-8 when it was read. A UTF-16 file (one that starts with a UTF-16 byte order mark) gets this code once, as an error, and nothing else in it is checked; so does a binary file named like a config (an image, an archive: NUL bytes and other bytes no text holds in its first 8000 characters), "this file is not text", with the place of its first NUL.',
  },
  'yaml11-ambiguous': {
    autofix: 'lossless',
    severity: 'warning',
    doc: "A plain value that YAML 1.1 loaders (PyYAML, SnakeYAML, Go yaml.v2, and the deploy tools built on them) read otherwise than YAML 1.2, where the spec's type makes it matter: a string field holding `2024-06-01` (a date to 1.1), `no`/`on`/`y` (booleans), `1:30` (base 60) or `1_000` (a number); a whole number written `010` (8 to 1.1, 10 to 1.2) or `1e3` (a string to 1.1); a name used as a key (`on:` in `tables` or `featureFlags`). The fix quotes the string (in the quotes the file already uses) or writes the number in plain decimal, which every loader reads alike; `lint --fix` applies it. A custom feature flag written `yes` (the spec gives its value no type) gets both choices and no `--fix`. A boolean field written `yes`/`on` is an `invalid-type` error (a string in YAML 1.2), whose fix writes `true`/`false`. A document that starts with the directive `%YAML 1.1` (then `---`) is read as YAML 1.1 by this tool, as by every loader that honours the directive: there is no second reading, so this warning never applies there (`010` is 8 for every reader, and nothing rewrites it), and a 1.1 date where a string belongs (`apiVersion: 2024-06-01`) is an `invalid-type` error whose fix quotes it.",
  },
  'tag-mismatch': {
    autofix: 'safe',
    severity: 'error',
    doc: 'A YAML core tag on a value of another kind: a scalar tag (`!!str`, `!!int`, `!!bool`…) on a mapping or a list, `!!seq` on a mapping, `!!map` on a list or a scalar. This tool reads the value as written, but YAML 1.1 loaders (PyYAML, SnakeYAML) refuse the whole file ("expected a scalar node, but found mapping"). The fix (also `lint --fix`) removes the tag, which changes nothing this tool reads. No quick fix writes such a tag: one that turns a tagged scalar into a mapping (`apiKey: !!str $KEY` → `{ valueFromEnv: KEY }`) removes the scalar\'s tag.',
  },
  'unsupported-tag': {
    autofix: 'no',
    severity: 'error',
    doc: "A tag this tool does not apply: an application's or a local tag (`!Ref`, `!Sub`, `!custom`, a `%TAG` shorthand), a language tag (`!!python/object:m.C`), or a YAML 1.1 type no field takes (`!!binary`, `!!timestamp`, `!!set`, `!!omap`, `!!pairs`). This tool reads the value as if the tag were not there, but the loaders the format's users run do not: PyYAML's `safe_load`, SnakeYAML's safe constructor and js-yaml refuse the whole file on an unknown tag (\"could not determine a constructor for the tag\"), and build bytes, a date, a set or a list of pairs from the 1.1 types. An error on the tag, once (an anchored value's tag is not reported again at its aliases). Where the untagged value is what the field takes, the quick fix removes the tag and the value stays as written; `lint --fix` does not (a tag means something to the tool that wrote it, CloudFormation's `!Ref` or a custom loader, which only you know). A tag of the wrong kind (`!!str {…}`) is `tag-mismatch`; `!!int \"3\"` and `!!str 3` are applied, and the field's type is checked on the result.",
  },
  'unportable-anchor': {
    autofix: 'no',
    severity: 'warning',
    doc: 'An anchor (`&main.llm`, `&主要`) or alias whose name holds characters other than ASCII letters, digits, `_` and `-`: YAML 1.2 allows them, but YAML 1.1 loaders (PyYAML, SnakeYAML) refuse the file. Reported on the anchor and on each alias; the quick fix renames the anchor and its aliases (its other characters as `_`), as Rename Symbol would, which refuses such names too.',
  },
  'duplicate-anchor': {
    autofix: 'no',
    severity: 'warning',
    doc: 'An anchor name (`&fallback`) defined a second time in the document, often by a block copied with its mark. YAML 1.2 allows it: an alias takes the last anchor of its name before it, so the aliases below the second definition read that one, not the first (this tool reads it so, as js-yaml and Go do). YAML 1.1 loaders (PyYAML) refuse the whole file ("found duplicate anchor"). A warning, as `unportable-anchor` is for another name PyYAML refuses: the file means one thing as written. Said on each later definition, with the line of the first. The quick fix renames the later anchor and the aliases that read it (nothing read changes), or removes its mark (the aliases below then read the first anchor: offered, not preferred, when any alias reads the later one); not `lint --fix`: which value the aliases should read is yours to say.',
  },
  'unused-anchor': {
    autofix: 'no',
    severity: 'hint',
    doc: 'A YAML anchor (`&name`) that no alias uses; the quick fix removes the anchor mark, the value stays.',
  },
  'unused-suppression': {
    autofix: 'no',
    severity: 'hint',
    doc: 'A suppression comment (or one code in it) that silences nothing, or names no code that can be silenced.',
    suppressible: false,
  },
} as const satisfies Record<
  string,
  { autofix: Autofix; severity: Severity; doc: string; suppressible?: false; repairsSyntax?: true }
>;

export type DiagnosticCode = keyof typeof CODES;

/** Whether a suppression comment or the `suppress` setting may silence the code. */
export function isSuppressible(code: string): code is DiagnosticCode {
  const info = (CODES as Record<string, { suppressible?: boolean }>)[code];
  return info !== undefined && info.suppressible !== false;
}

/** Whether the code's fix repairs how the text is written (`repairsSyntax` above): it may edit a line that is a syntax error. */
export function repairsSyntax(code: DiagnosticCode): boolean {
  return (CODES as Record<string, { repairsSyntax?: boolean }>)[code]?.repairsSyntax === true;
}

/** Why a code cannot be silenced (see `suppressible: false`), as messages and its page say it. */
export function whyNotSuppressible(code: string): string {
  return code === 'unused-suppression'
    ? 'a suppression that silences nothing must stay visible until it is removed or names the right code'
    : 'a file that is not fully read must not look clean';
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]!}`;
}

export const SOURCE = 'assistant-config';

export interface Related {
  offset: number;
  length: number;
  message: string;
}

/** A problem in editor-neutral terms: UTF-16 offsets, converted to lines only at the edge. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  offset: number;
  length: number;
  related?: Related[];
  /** Facts a quick fix needs (a suggested replacement, the missing fields…). */
  data?: DiagnosticData;
}

export interface DiagnosticData {
  suggestion?: string;
  /**
   * `syntax-error`: `NaN`, `Infinity` or `-Infinity` written as a JSON value (parser/json.ts); the
   * editor's fix writes `null` where the field takes null, never a number (REVIEW16-user N12).
   */
  nonFinite?: true;
  /**
   * `syntax-error`: text not indented under its block scalar's key (validation/blockScalarSlip.ts):
   * the editor's fix indents `lines` lines from the diagnostic's line by `by` columns (blank lines
   * left alone), under the key `under`; `like`: lines of the text less indented than the text above
   * them (REVIEW18-user U2), indented like it. Also `unknown-property` on a line of prose at the
   * key's column right after a block scalar's text (validation/proseAfterBlock.ts, REVIEW18-user U3):
   * `back`, the lines above the diagnostic's where the lines to indent start.
   */
  indentText?: { lines: number; by: number; under: string; like?: true; back?: number };
  /**
   * Several candidates equally close (`cloud_d`: each `cloud_…` provider one letter away; `block`: every
   * `block…` value): the editor offers each, none preferred, and `--fix` applies none (REVIEW5 H20).
   */
  suggestions?: string[];
  missing?: string[];
  key?: string;
  /**
   * Found while checking a node through an alias (or a merge key): reported at the alias, and no fix
   * is offered, since an edit there would change the anchored node for every other use of it.
   */
  throughAlias?: boolean;
  /**
   * `unknown-primitive`: the suggested primitive is overridden already, by this item of the list
   * (1-based): the rename would make two overrides of it, so it is offered, not preferred.
   */
  suggestionTaken?: number;
  /** `unknown-property`, `unresolved-alias`: the suggested rename may change meaning or is one of several; not for --fix. */
  unsafeRename?: boolean;
  /**
   * `unknown-property`: the key the variant in force gives the same meaning (`endpoint` for a
   * `baseUrl` under `provider: cloud_a`): the editor's preferred fix renames to it (not `--fix`).
   */
  sameMeaning?: string;
  /**
   * The preferred fix of this one diagnostic drops nothing the user wrote (a JSON byte order mark or
   * trailing comma, `$NAME` written bare), so `--fix` applies it where its code's `autofix` is
   * `lossless` (other `json-not-strict` fixes remove a comment).
   */
  lossless?: boolean;
  /**
   * `extra-document`'s neighbours: a finding in another AssistantConfig document of the file (a second
   * one after `---`), which is read alone to check it; its fixes are made on that document's tree
   * (codeActions fixesOf), and `--fix` checks them there (fixAll reads documentAt).
   */
  otherDocument?: boolean;
  /**
   * `yaml11-ambiguous`: what the fixes write in place of the scalar: the same text quoted (`quote`),
   * or one of `write`. With `choice` (a value whose type the spec leaves open) no fix is preferred.
   */
  yaml11?: { quote: boolean; write: string[]; choice?: true };
  /** `unsupported-tag`: the value without the tag is what its field takes; the quick fix removes the tag. */
  removable?: boolean;
  /** `duplicate-table`: the entry repeats the first entry of its table word for word; the quick fix may remove it. */
  identical?: boolean;
  /** `invalid-type`: the plain string names this variable (`apiKey: $NAME`); the fix reads it from the environment. */
  envName?: string;
  /**
   * `invalid-type` with `envName`: the string is a bare `NAME` that no set variable is called, so it
   * may be the credential itself (REVIEW7 J4): its fixes are offered, none preferred, none `--fix`.
   */
  envNameUnsure?: boolean;
  /**
   * `unknown-property`, `invalid-type`, `near-miss-key`: the key (`provider:vendor_a`) or the string
   * value (`type:all` where a mapping belongs) is this key glued to its value by a missing space after
   * the colon; the fix writes the space (REVIEW5 H19).
   */
  missingSpace?: string;
  /** With `missingSpace`: the name written before the colon, a misspelling of it (`{modle:gpt-4o}`); the fix renames it too. */
  gluedAs?: string;
  /**
   * `unknown-property`: the key (and the keys after it at its column) belongs under this key, whose
   * value is empty: an indentation slip; the fix indents the lines (REVIEW5 H8).
   */
  indentUnder?: string;
  /**
   * `unknown-property`: the key is a field of the object under this key of the same mapping, and only
   * there near (model/keyHome.ts: `enable_automations` of `featureFlags`); the fix moves its lines
   * there. With `homeVariant`, that object's discriminator and the values that allow the key.
   */
  home?: string;
  /**
   * `unknown-property`: the key is a near miss of this key, which the mapping holds too (`maxItem: 50`
   * beside `maxItems: 40`): the fixes keep one of the two, neither preferred unless the values are the same.
   */
  competing?: string;
  /** `unknown-property`, `field-in-custom-keys`: the key belongs beside this key, one level up (its mapping allows it); the fix moves it there. */
  up?: string;
  homeVariant?: { property: string; values: string[] };
  /**
   * `unknown-property` with `home`: the key is this field's name written in snake_case
   * (`system_instructions` for `systemInstructions`, at the top level: the field of `definition`); the
   * move renames it as it moves.
   */
  homeAs?: string;
  /** `unportable-tab`: the white space ends the line (the fix removes it; else it writes a space for each tab). */
  trailing?: boolean;
  /** `unportable-tab`: a plain one-line value holding a tab; the fix writes it in double quotes. */
  quoteValue?: boolean;
  /** `duplicate-anchor`: how many aliases read this later definition of the anchor name. */
  anchorUses?: number;
  /** `wildcard-name`: the list (`columns`) holds only `*`, and its empty value means all: the fix writes `[]`. */
  allWhenEmpty?: boolean;
}

/**
 * `{ ...base, ...patch }` (the same keys in the same order), made by plain stores into an empty object.
 * V8 gives a spread's copy a map outside its transition tree, and each key the literal adds to it
 * then makes a new map on every call: the diagnostics moved through an alias had a shape each, and
 * every function reading diagnostics went megamorphic or was deoptimised. Stored one by one from
 * `{}`, objects with the same keys share one map. For the rare paths that change a diagnostic.
 */
export function copyWith<T extends object>(base: T | undefined, patch: Partial<T>): T {
  const out = {} as Record<string, unknown>;
  const b = base as Record<string, unknown> | undefined;
  const p = patch as Record<string, unknown>;
  if (b) for (const k in b) out[k] = Object.prototype.hasOwnProperty.call(p, k) ? p[k] : b[k];
  for (const k in p) if (!b || !Object.prototype.hasOwnProperty.call(b, k)) out[k] = p[k];
  return out as T;
}

/**
 * A finding. Its message and related messages never hold text shaped like a credential: a message
 * that quotes a value of the document (`Unknown provider 'sk-…'`, `found 'AKIA…'`) has it masked here,
 * at the source, so that every output (CLI, LSP, SARIF, a future one that forgets its masker) gets
 * the masked text; the outputs still mask what the document's tree says is a secret (secretRanges).
 */
export function diag(
  code: DiagnosticCode,
  message: string,
  offset: number,
  length: number,
  extra?: { related?: Related[]; data?: DiagnosticData; severity?: Severity },
): Diagnostic {
  const d: Diagnostic = {
    code,
    severity: extra?.severity ?? CODES[code].severity,
    message: withoutShapes(message),
    offset,
    length,
  };
  if (extra?.related)
    d.related = extra.related.map((r) => {
      const message = withoutShapes(r.message);
      return message === r.message ? r : copyWith(r, { message });
    });
  if (extra?.data) d.data = extra.data;
  return d;
}

/** The text with every credential-shaped piece masked (the cheap gate first: most messages hold none). */
const withoutShapes = (text: string): string => (mayHoldShape(text, 0, text.length) ? maskShapes(text) : text);
