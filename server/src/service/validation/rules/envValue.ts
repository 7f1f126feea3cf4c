// EnvironmentValue: exactly one of value/valueFromEnv, no literal credentials (in `value`, or a plain
// string written where the EnvironmentValue belongs), usable and known variable names.
import type { Rule, RuleContext } from '../rule';
import { credentialKeys, definition, unionOf } from '../../../model/schema';
import { getProperty, resolve } from '../../../parser/ast';
import type { ObjectNode, PropertyNode, StringNode } from '../../../parser/ast';
import { closest, editDistance, gluedKey, holdsMoreThanAKey } from '../../text';
import { diag } from '../../codes';
import { keyInVariant, variantAround } from '../../../model/variantAround';
import type { Diagnostic, Related } from '../../codes';
import { unmovableNote, whitespaceNote } from '../../credentialNotes';
import {
  credentialDefaultInName,
  credentialInName,
  envReference,
  readsAsVariableName,
  shellDefault,
  shellReference,
  shellReferenceMessage,
  suggestEnvName,
  unexpandedReference,
} from '../../envNames';
import type { ShellDefault } from '../../envNames';
import { notDefinedWhere, searchedFor } from '../../dotenv';
import { holdsSnippetStop, isPlaceholderText, snippetStopDefault } from './emptyRequired';
import { charNote, hasInvisibleChar, plainReading } from '../../chars';

/** A name a POSIX shell can export. Other names (`vendor-a-key`, `projects/p/secrets/k`) are valid secret names. */
const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what makes a name unusable
const CONTROL = /[\u0000-\u001F\u007F]/;

/** `a trailing space`, `leading tabs`, `a leading line break and trailing blanks`: the blanks around a name. */
function blanksAround(v: string): string {
  const part = (written: string, where: string): string[] => {
    const blanks = written.replace(/\r\n/g, '\n');
    if (blanks === '') return [];
    const kinds = new Set<string>();
    for (const c of blanks)
      kinds.add(c === ' ' ? 'space' : c === '\t' ? 'tab' : c === '\n' || c === '\r' ? 'line break' : 'blank');
    const kind = kinds.size === 1 ? kinds.values().next().value! : 'blank';
    return [blanks.length === 1 ? `a ${where} ${kind}` : `${where} ${kind}s`];
  };
  return [...part(/^\s*/.exec(v)![0], 'leading'), ...part(/\s*$/.exec(v)![0], 'trailing')].join(' and ');
}

/** Why a `valueFromEnv` cannot name anything, or undefined when it can. */
export function unusableEnvName(name: string): string | undefined {
  if (name.trim() === '') return name === '' ? 'is empty' : 'is only blanks';
  if (CONTROL.test(name)) return 'holds a control character';
  return undefined;
}

/**
 * Why a credential key is not read where it stands (REVIEW9 K6: "this provider does not use the key"
 * was said under a misspelt provider, `vendr_a` for `vendor_a`, which does use it). The provider's
 * value is never quoted: a key pasted into `provider:` is a secret too.
 */
function whyNotUsed(value: ObjectNode, holder: ObjectNode): string {
  const around = variantAround(value);
  // (The variant of the holder itself: the credential is a key of the variant's mapping.)
  if (around && around.between.length === 0)
    return `${around.variant.property} '${around.variant.value}' does not use the key`;
  const llm = unionOf(definition('LlmConfig'));
  const written = llm ? resolve(getProperty(holder, llm.property)?.value) : undefined;
  if (llm && written?.type === 'string' && !llm.variants.some((x) => x.value === written.value))
    return `the ${llm.property} is not one the spec names`;
  return 'the key has no place here';
}

export const envValueRule: Rule = {
  on: ['string', 'object'],
  start(ctx) {
    const envSchema = definition('EnvironmentValue');
    return {
      visit(v) {
        // `apiKey: sk-…`: a credential written where an EnvironmentValue belongs.
        if (
          v.node.type === 'string' &&
          v.prop &&
          // (A scalar's resolved schema is unwrapNullable(v.expected), worked out once by the walk.)
          v.resolved.schema === envSchema &&
          envSchema &&
          v.node.value.trim() !== ''
        ) {
          // `apiKey:` then `valueFromEnv:VENDOR_KEY` on the next line: the key glued to a variable's name
          // by a missing space, which YAML reads as one string; a name, not a credential (compare19:
          // it was called a literal credential, to be moved to a variable). (`value:…` glued is a
          // literal still: said as one, below.)
          const glued = v.node.quoted ? undefined : gluedKey(v.node.value);
          if (glued === 'valueFromEnv' && readsAsVariableName(v.node.value.slice(glued.length + 1))) {
            ctx.report(
              diag(
                'invalid-type',
                `'${v.prop.key.value}' must be an EnvironmentValue (a mapping); found a string: a space is missing after 'valueFromEnv:', so YAML reads 'valueFromEnv:…' as one string, not a key and its value. Write 'valueFromEnv: …'.`,
                v.node.offset,
                v.node.length,
                { data: { missingSpace: glued } },
              ),
            );
            return;
          }
          // `apiKey:` then `valueFr` on the next line: a key being typed, not a credential.
          const meant = halfTypedKey(v.node, Object.keys(envSchema.properties ?? {}));
          if (meant) {
            ctx.report(
              diag(
                'invalid-type',
                `'${v.prop.key.value}' must be an EnvironmentValue, a mapping with 'valueFromEnv' or 'value'; '${v.node.value}' looks like a key being typed: did you mean '${meant}'?`,
                v.node.offset,
                v.node.length,
                { data: { suggestion: meant } },
              ),
            );
            return;
          }
          // `apiKey: $VENDOR_KEY`, `${VENDOR_KEY}` or `VENDOR_C_API_KEY`: the name of a variable, meant
          // to be read from the environment; not a secret, and never moved into .env as one.
          const ref = envReference(v.node.value);
          if (ref !== undefined) {
            ctx.report(envReferenceDiagnostic(ctx, v.prop.key.value, v.node, ref));
            return;
          }
          // `apiKey: "${OPENAI_KEY:-sk-…}"`: pasted from a compose file, a credential in its default.
          const def = shellDefault(v.node.value);
          const notes = literalNotes(ctx, v.node, v.prop.key.value, def);
          ctx.report(
            diag(
              'literal-secret',
              def
                ? `'${v.prop.key.value}' must be an EnvironmentValue, and this string is a shell-style ${shellForm(def)} ('${def.head}…}') that the service does not expand, with a literal credential as its ${shellPart(def)} (not shown): read the variable with 'valueFromEnv: ${def.name}' and keep the credential in it, so the secret stays out of the file.${notes.text}`
                : `'${v.prop.key.value}' must be an EnvironmentValue, and this string is a literal credential: move it to an environment variable ('valueFromEnv') so the secret stays out of the file.${notes.text}`,
              v.node.offset,
              v.node.length,
              { severity: 'error', data: { suggestion: def?.name ?? suggestEnvName(v.node) }, ...notes.extra },
            ),
          );
          return;
        }
        // `apiKey: {value: sk-…}` under a provider that has no apiKey (or an unknown provider): the
        // key is reported elsewhere, but a secret in the file is a secret whatever the provider.
        if (
          v.node.type === 'object' &&
          v.prop &&
          v.expected === undefined &&
          credentialKeys().credentials.has(v.prop.key.value)
        ) {
          const literal = resolve(getProperty(v.node, 'value')?.value);
          if (literal?.type === 'string' && literal.value.trim() !== '') {
            ctx.report(
              diag(
                'literal-secret',
                `'${v.prop.key.value}' holds a literal credential (${whyNotUsed(v.node, v.prop.parent)}, but the secret is in the file all the same); remove it or use 'valueFromEnv'.`,
                literal.offset,
                literal.length,
                { data: { suggestion: suggestEnvName(v.node) } },
              ),
            );
          }
          return;
        }
        if (v.resolved.schema !== envSchema || v.node.type !== 'object') return;
        const obj = v.node;
        const holder = v.prop?.key.value ?? 'this EnvironmentValue';
        const valueProp = getProperty(obj, 'value');
        const fromEnvProp = getProperty(obj, 'valueFromEnv');
        const anchor = anchorOf(obj, v.prop);
        if (valueProp && fromEnvProp) {
          // `value: null` (or `value:` with nothing, or `value: ""`) beside the name: no second
          // credential, a key to remove; one finding, not also a type error on the null (REVIEW8 K13c;
          // schemaErrors.ts) nor "fill it in" on the empty string (REVIEW15-user U15).
          const none = emptyValueWritten(ctx.doc.text, valueProp);
          ctx.report(
            diag(
              'env-value-conflict',
              none === undefined
                ? `'${holder}' has both 'value' and 'valueFromEnv'; keep exactly one.`
                : `'${holder}' has 'valueFromEnv' and ${none.shown} beside it: ${none.what} is no credential, and 'value' and 'valueFromEnv' exclude each other; remove ${none.shown.startsWith("'") ? none.shown : "'value'"}.`,
              ...anchor,
              {
                related: [
                  { offset: valueProp.key.offset, length: valueProp.key.length, message: "'value' is set here" },
                  {
                    offset: fromEnvProp.key.offset,
                    length: fromEnvProp.key.length,
                    message: "'valueFromEnv' is set here",
                  },
                ],
                ...(none?.lossless ? { data: { lossless: true } } : {}),
              },
            ),
          );
        } else if (
          !valueProp &&
          !fromEnvProp &&
          // (`{valueFromEnv:NAME}`: the key is there, glued to its name, reported as such: REVIEW5 H19.)
          !obj.properties.some(
            (p) => !p.key.quoted && ['value', 'valueFromEnv'].includes(gluedKey(p.key.value) ?? ''),
          ) &&
          // (`{value_from_env: NAME}`, `{valuFromEnv: NAME}`: a near miss of one, said as unknown-property
          // on that key with its rename, as for any missing key (README; REVIEW15-user U4). A second
          // finding here would offer to add the key the rename writes: two keys.)
          !obj.properties.some((p) => misspeltEnvKey(p.key.value) !== undefined)
        ) {
          ctx.report(
            diag(
              'env-value-conflict',
              `'${holder}' needs exactly one of 'valueFromEnv' (recommended) or 'value'; it has neither.`,
              ...anchor,
              { data: { missing: ['valueFromEnv'] } },
            ),
          );
        }
        const literal = resolve(valueProp?.value);
        // `value: ${OPENAI_KEY}` / `$OPENAI_KEY`: a reference the service does not expand (REVIEW5 H12).
        const unexpanded = literal?.type === 'string' ? shellReference(literal.value.trim()) : undefined;
        if (valueProp && literal && unexpanded !== undefined) {
          ctx.report(
            diag(
              'value-not-expanded',
              `'value' of '${holder}' is not expanded: the service sends the text '${literal.type === 'string' ? literal.value.trim() : ''}' as the credential; use 'valueFromEnv: ${unexpanded}'.`,
              literal.offset,
              literal.length,
              { data: { envName: unexpanded } },
            ),
          );
        } else if (valueProp && literal?.type === 'string' && unexpandedReference(literal.value)) {
          // `${OPENAI_KEY:-…}`, `Bearer ${TOKEN}`, `{{ .Values.apiKey }}`, `%OPENAI_KEY%`: a reference
          // in another tool's syntax, sent as text (REVIEW8 K13l). Not quoted (a default may be a key);
          // no fix: which variable holds the whole credential is the user's to say.
          const kind = unexpandedReference(literal.value)!.kind;
          const what = {
            actions: 'a GitHub Actions expression (${{ … }}), which only a workflow file expands',
            template:
              'a template expression ({{ … }}, as Helm and Go templates write it), expanded only if a template engine renders this file first',
            shell: 'a shell-style variable reference (${…}, with a default or inside other text)',
            cmd: 'a cmd.exe variable reference (%NAME%)',
          }[kind];
          ctx.report(
            diag(
              'value-not-expanded',
              `'value' of '${holder}' holds ${what}: the service does not expand it and sends this text, as written, as the credential. Put the whole credential in one variable and read it with 'valueFromEnv: NAME'.`,
              literal.offset,
              literal.length,
              kind === 'template' ? { severity: 'warning' } : undefined,
            ),
          );
          // `value: ${OPENAI_KEY:-sk-…}`: the default is a literal credential, in the file as any
          // `value: sk-…` is (masked as one: secretRanges). Its fix moves it to .env as OPENAI_KEY.
          // Beside `valueFromEnv: NAME` (env-value-conflict), the file already names its variable: the
          // default belongs in that one (the fix that keeps `valueFromEnv` stores it there).
          const def = shellDefault(literal.value);
          if (def) {
            const notes = literalNotes(ctx, literal, holder, def);
            const named = resolve(fromEnvProp?.value);
            const beside = named?.type === 'string' && unusableEnvName(named.value) === undefined ? named : undefined;
            const where = beside
              ? `keep the credential in the variable that 'valueFromEnv' beside it names and remove 'value'`
              : `read the variable with 'valueFromEnv: ${def.name}' and keep the credential in it`;
            ctx.report(
              diag(
                'literal-secret',
                `'${holder}' holds a literal credential as the ${shellPart(def)} of '${def.head}…}' (not shown): ${where}, so the secret stays out of the file.${notes.text}`,
                literal.offset,
                literal.length,
                { data: { suggestion: beside ? beside.value : def.name }, ...notes.extra },
              ),
            );
          }
        } else if (valueProp && literal?.type === 'string' && literal.value.trim() !== '') {
          const notes = literalNotes(ctx, literal, holder);
          ctx.report(
            diag(
              'literal-secret',
              `'${holder}' holds a literal credential; use 'valueFromEnv' so the secret stays out of the file.${notes.text}`,
              literal.offset,
              literal.length,
              { data: { suggestion: suggestEnvName(obj) }, ...notes.extra },
            ),
          );
        } else if (
          valueProp &&
          literal?.type === 'string' &&
          !(fromEnvProp && emptyValueWritten(ctx.doc.text, valueProp))
        ) {
          // `value: ""` / `value: "   "`: no credential at all (as `valueFromEnv: ""` is no name).
          ctx.report(
            diag(
              'empty-required',
              `${variantAround(literal) ? keyInVariant('value', literal) : `'value' of '${holder}'`} is a credential and is ${literal.value === '' ? 'empty' : 'blank'}: fill it in, or better use 'valueFromEnv'.`,
              literal.offset,
              literal.length,
              { data: { key: 'value' } },
            ),
          );
        }
        const name = resolve(fromEnvProp?.value);
        if (name?.type !== 'string') return;
        // `valueFromEnv: sk-proj-…`: the credential pasted where its variable's name goes (REVIEW5
        // H3). An error whatever the environment check says: the secret is in the file. Not quoted.
        // `valueFromEnv: ${OPENAI_KEY:-sk-…}`: a shell default whose default is the credential (shaped
        // like a key, or like no variable's name: `${DB_PASSWORD:-Xaquwe-Qijiwe-13}`).
        if (credentialInName(name.value)) {
          const inName = credentialDefaultInName(name.value);
          ctx.report(
            diag(
              'literal-secret',
              inName
                ? `'valueFromEnv' of '${holder}' takes the name of a variable, and this is a shell-style ${shellForm(inName)} ('${inName.head}…}') whose ${shellPart(inName)} looks like the credential itself (not shown): keep the credential in the variable and write its name alone here, '${inName.name}'.`
                : `'valueFromEnv' of '${holder}' takes the name of a variable, and this looks like the credential itself (not shown): store the credential in a variable (a secret store or .env) and write that variable's name here.`,
              name.offset,
              name.length,
              { severity: 'error', data: { suggestion: inName?.name ?? suggestEnvName(obj) } },
            ),
          );
          return;
        }
        // `valueFromEnv: "VENDOR_A_API_KEY "`: one name with blanks around it (a space, a tab or a line
        // break pasted inside the quotes, a `|` block's final line break). The service looks the name
        // up as written, blanks and all, and no variable is called that: an error whatever the
        // environment says, also under --no-env-check (REVIEW14-user U9). The fix writes the name
        // alone (also `lint --fix`: only blanks go).
        const inner = name.value.trim();
        // eslint-disable-next-line no-control-regex -- a control character inside is another finding
        if (inner !== name.value && inner !== '' && !/[\s\u0000-\u001F\u007F]/.test(inner)) {
          const shown = credentialInName(inner) ? undefined : inner;
          ctx.report(
            diag(
              'invalid-env-name',
              `${keyInVariant('valueFromEnv', name)} has ${blanksAround(name.value)}, which the service keeps: it looks up a variable of that name, which no shell can export${shown ? `. Write '${shown}'.` : '. Remove the blanks.'}`,
              name.offset,
              name.length,
              shown ? { data: { suggestion: shown, lossless: true } } : {},
            ),
          );
          return;
        }
        const why = unusableEnvName(name.value);
        if (why) {
          // Not quoted: a credential pasted here by mistake must not reach the message.
          ctx.report(
            diag(
              'invalid-env-name',
              `${keyInVariant('valueFromEnv', name)} ${why}: it must name a secret or environment variable.`,
              name.offset,
              name.length,
            ),
          );
          return;
        }
        // `VENDOR` + U+200B + `_A_KEY`, `VENDОR_A_KEY` (Cyrillic O): pasted characters no CI secret's or
        // variable's name holds, invisible or looking Latin (REVIEW5 H22). The name itself is not
        // quoted (a credential may have been pasted here); the name read plainly is, when it is one a
        // shell can export. An editor quick fix (not --fix: any name is valid, the one meant is a guess).
        const plain = plainReading(name.value);
        if (plain !== name.value) {
          const invisible = hasInvisibleChar(name.value);
          const meant = SHELL_NAME.test(plain) ? plain : undefined;
          ctx.report(
            diag(
              'invalid-env-name',
              `${keyInVariant('valueFromEnv', name)} holds characters no secret or environment variable name has${charNote(name.value, 'value')}: ${meant ? `did you mean '${meant}'?` : 'retype the name.'}`,
              name.offset,
              name.length,
              { severity: invisible ? 'error' : 'warning', ...(meant ? { data: { suggestion: meant } } : {}) },
            ),
          );
          return;
        }
        // `valueFromEnv: "<SECRET_NAME>"`: the placeholder of docs and tutorials, still to fill (REVIEW5 H12).
        if (isPlaceholderText(name.value)) {
          ctx.report(
            diag(
              'invalid-env-name',
              `${keyInVariant('valueFromEnv', name)} is still a placeholder ('${name.value.trim()}'): write the name of the variable.`,
              name.offset,
              name.length,
            ),
          );
          return;
        }
        // `valueFromEnv: ${1:VENDOR_A_API_KEY}`: a snippet inserted as text by an editor without snippets.
        if (holdsSnippetStop(name.value)) {
          const meant = snippetStopDefault(name.value);
          const usable = meant !== undefined && meant.trim() !== '' && unusableEnvName(meant) === undefined;
          ctx.report(
            diag(
              'invalid-env-name',
              `${keyInVariant('valueFromEnv', name)} still holds a snippet's placeholder (inserted as text by an editor without snippets)${usable ? `: did you mean '${meant}'?` : ': write the name of the variable.'}`,
              name.offset,
              name.length,
              // (Only the snippet's `${n:` and `}` go: `--fix` applies it, as a lossless fix.)
              usable ? { data: { suggestion: meant, lossless: true } } : {},
            ),
          );
          return;
        }
        // `valueFromEnv: "${{ secrets.OPENAI_KEY }}"` pasted from a workflow, `{{ .Values.key }}`,
        // `${KEY:-x}`: no variable is named that (REVIEW8 K13l); also without the environment check.
        const pasted = shellReference(name.value) === undefined ? unexpandedReference(name.value) : undefined;
        if (pasted && pasted.kind !== 'cmd') {
          const inner = /^\s*\$\{\{\s*(?:secrets|vars|env)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$/.exec(name.value)?.[1];
          ctx.report(
            diag(
              'invalid-env-name',
              pasted.kind === 'actions'
                ? `'valueFromEnv' holds a GitHub Actions expression, which only a workflow file expands: write the name of the variable the service reads${inner ? ` (did you mean '${inner}'? In the workflow, set it with 'env: ${inner}: \${{ secrets.${inner} }}')` : ''}.`
                : `'valueFromEnv' holds a ${pasted.kind === 'template' ? 'template expression ({{ … }})' : 'shell-style reference with a default or around other text'}, which nothing expands here: write the bare name of the variable.`,
              name.offset,
              name.length,
              // A warning, as `$NAME` here: a name, just not the one meant.
              { severity: 'warning', ...(inner ? { data: { suggestion: inner } } : {}) },
            ),
          );
          return;
        }
        // `valueFromEnv: $VENDOR_KEY`: the service looks up a variable named `$VENDOR_KEY`.
        const bare = shellReference(name.value);
        if (bare !== undefined) {
          ctx.report(
            diag(
              'invalid-env-name',
              `${keyInVariant('valueFromEnv', name)} takes the bare name of the variable, without '$' or braces: did you mean '${bare}'?`,
              name.offset,
              name.length,
              // (Only the `$` and braces go: `--fix` applies it, as a lossless fix; not when the
              // message of `${NAME:?message}` would go with them: the editor's fix, never --fix.)
              {
                severity: 'warning',
                data: {
                  suggestion: bare,
                  ...(shellReferenceMessage(name.value) === undefined ? { lossless: true } : {}),
                },
              },
            ),
          );
          return;
        }
        const env = ctx.options.env;
        if (!env) return;
        if (!env.isDefined(name.value)) {
          const shell = SHELL_NAME.test(name.value)
            ? ''
            : ' (A shell cannot export a variable of this name: it can come from a secret store or a .env file, not from `export`.)';
          ctx.report(
            diag(
              'env-not-set',
              `Variable '${name.value}' is ${notDefinedWhere(env)}.${shell}`,
              name.offset,
              name.length,
            ),
          );
        } else {
          const exposed = env.exposedInDotenv?.(name.value);
          const shown = typeof env.dotenvShown === 'string' ? env.dotenvShown : '.env';
          // `NAME=` / `NAME=""`: set, to nothing; the service would get an empty credential. Information
          // of its own (REVIEW8 K13k), as env-not-set: the name is shown; a value there is none.
          if (env.emptyInDotenv?.(name.value))
            ctx.report(
              diag(
                'env-empty',
                `Variable '${name.value}' is set in ${shown} but empty: the service would get an empty credential. Give it its value there.`,
                name.offset,
                name.length,
              ),
            );
          // Once per document: the first such name in reading order (RuleContext.report's `once`).
          if (exposed === 'tracked')
            // A tracked or staged .env is past what .gitignore can do: an error (REVIEW5 H17).
            ctx.report(
              diag(
                'dotenv-not-ignored',
                `'${name.value}' is read from ${shown}, which git tracks (committed or staged): the secret goes into the repository with it. Remove it from the index with 'git rm --cached ${shown}', add '.env' to .gitignore, and rotate the secret if it was committed.`,
                name.offset,
                name.length,
                { severity: 'error' },
              ),
              'dotenv-not-ignored',
            );
          else if (exposed)
            ctx.report(
              diag(
                'dotenv-not-ignored',
                `'${name.value}' is read from ${shown}, which git does not ignore: the secret could be committed. Add '.env' to .gitignore.`,
                name.offset,
                name.length,
              ),
              'dotenv-not-ignored',
            );
        }
      },
    };
  },
};

/**
 * `invalid-type` on a plain string that is shaped like a variable's name where an EnvironmentValue
 * belongs. `$NAME` / `${NAME}` is certainly a reference, and so is a bare `VENDOR_C_API_KEY` that is
 * set in the environment or the document's `.env`: the fix (`{ valueFromEnv: NAME }`) is preferred
 * and `--fix` applies it. Any other bare `PASSWORD_2024` may be the credential itself, whatever it
 * looks like (REVIEW7 J4): reading it as a name would silently turn a literal secret into a reference
 * to a variable that does not exist, so the fix is offered but not preferred (never `--fix`), beside
 * moving it to `.env` as a secret. A bare string is never quoted (secretRanges masks it as a
 * possible credential); the reference's name is.
 */
function envReferenceDiagnostic(ctx: RuleContext, key: string, node: StringNode, ref: string): Diagnostic {
  const json = ctx.doc.language === 'json';
  // Written in the file's own language (REVIEW4 G14): JSON quotes keys and strings.
  const written = (name: string): string =>
    json ? `${JSON.stringify(key)}: { "valueFromEnv": ${JSON.stringify(name)} }` : `${key}: { valueFromEnv: ${name} }`;
  const head = `'${key}' must be an EnvironmentValue, a mapping;`;
  const at = [node.offset, node.length] as const;
  if (shellReference(node.value) !== undefined)
    return diag(
      'invalid-type',
      `${head} '${node.value}' names a variable: write '${written(ref)}' to read it from the environment.`,
      ...at,
      { data: { envName: ref } },
    );
  const env = ctx.options.env;
  const isSet = env !== undefined && (env.isSet ? env.isSet(ref) : env.isDefined(ref));
  const searched = env ? searchedFor(env) : undefined;
  if (isSet)
    return diag(
      'invalid-type',
      `${head} this string is the name of a variable that is set${searched ? ` (${searched})` : ''}: read it from there with '${written('…')}' (that name).`,
      ...at,
      { data: { envName: ref } },
    );
  // (The browser has no environment: it says so, and what it searched.)
  const unknown = !env
    ? 'the environment is not checked here'
    : searched === undefined
      ? `no variable can be checked here (${env.environmentNotRead ?? ''}, and no .env file was read: ${env.dotenvNotRead ?? ''})`
      : `no variable of that name is set (${searched}${env.environmentNotRead !== undefined ? `; ${env.environmentNotRead}` : ''})`;
  return diag(
    'invalid-type',
    `${head} this string (not shown) looks like a variable's name, but ${unknown}, so it may be the credential itself: if it names a variable, write '${written('…')}' with that name; if it is the credential, move it to a variable (.env or a secret store) and name that variable there.`,
    ...at,
    { data: { envName: ref, envNameUnsure: true } },
  );
}

/**
 * What a literal-secret message adds (REVIEW8 K13o, K13h): blanks or a line break around the key that
 * the service would send, and why the quick fix cannot move it to `.env` (with the aliases sharing it
 * as related information). Computed only for a credential found, never quoting it.
 */
function literalNotes(
  ctx: RuleContext,
  node: StringNode,
  holder: string,
  def?: ShellDefault,
): { text: string; extra: { related?: Related[] } } {
  // (A shell default's credential is its default: the blanks around the expression are not in it.)
  const blanks = def ? '' : (whitespaceNote(ctx.doc.text, node, holder) ?? '');
  const stuck = unmovableNote(ctx.doc, node, def?.value);
  return {
    text: blanks + (stuck?.note ?? ''),
    extra: stuck && stuck.related.length > 0 ? { related: stuck.related } : {},
  };
}

/** `${NAME:?message}`: the shell's "error if unset" form, whose text is a message, not a default. */
const isMessage = (def: ShellDefault): boolean => def.head.endsWith('?');
const shellForm = (def: ShellDefault): string => (isMessage(def) ? '"error if unset" reference' : 'default');
const shellPart = (def: ShellDefault): string => (isMessage(def) ? 'error message' : 'default');

/**
 * The EnvironmentValue key (`value`, `valueFromEnv`) that a key it does not allow is a likely typo of
 * (`value_from_env`, `valuFromEnv`, `valeu`), as schemaErrors suggests it; undefined for any other key.
 */
export function misspeltEnvKey(key: string): string | undefined {
  const keys = Object.keys(definition('EnvironmentValue')?.properties ?? {});
  if (keys.includes(key) || key === '<<' || holdsMoreThanAKey(key)) return undefined;
  return closest(key, keys);
}

/**
 * How a `value` that holds nothing is written: `null`, `~`, an alias to a null (`*n`), '' for no value
 * at all (`value:`); undefined when it holds something (or an alias that names nothing).
 */
export function nullWritten(text: string, prop: PropertyNode): string | undefined {
  const v = prop.value;
  if (v === undefined) return '';
  if (resolve(v)?.type !== 'null') return undefined;
  return text.slice(v.offset, v.offset + v.length);
}

/**
 * A `value` that holds no credential, beside `valueFromEnv` a key to remove: `null`, `~`, an alias to a
 * null, nothing (`value:`), or an empty or blank string written there (`value: ""`, what a generator
 * writes for "no literal"). `written`: as the file has it; `shown`: as a message names it; `what`: what
 * it is; `lossless`: removing it drops nothing the user wrote (`null`, `~`, nothing, `""`, `''`), so
 * `lint --fix` may (its line's comments stay: removeProperties). An alias to a null (`*n`), a tagged
 * value or a blank string stays an editor quick fix (removing the alias use, or the blanks, is a choice).
 */
export function emptyValueWritten(
  text: string,
  prop: PropertyNode,
): { written: string; shown: string; what: string; lossless: boolean } | undefined {
  const n = nullWritten(text, prop);
  if (n !== undefined)
    return {
      written: n,
      shown: n === '' ? "an empty 'value'" : `'value: ${n}'`,
      what: n === '' ? 'an empty value' : 'null',
      lossless: /^(?:null|Null|NULL|~|)$/.test(n),
    };
  const v = prop.value;
  if (v?.type !== 'string' || v.value.trim() !== '') return undefined;
  const written = text.slice(v.offset, v.offset + v.length);
  return {
    written,
    shown: /^(?:""|'')$/.test(written) ? `'value: ${written}'` : `a blank 'value'`,
    what: v.value === '' ? 'an empty string' : 'a blank string',
    lossless: /^(?:""|'')$/.test(written),
  };
}

function anchorOf(obj: ObjectNode, prop: PropertyNode | undefined): [number, number] {
  if (prop) return [prop.key.offset, prop.key.length];
  return [obj.offset, Math.min(obj.length, 1)];
}

/**
 * The EnvironmentValue key a plain word most likely begins or misspells (`valueFr` → `valueFromEnv`,
 * `valeu` → `value`), or undefined. Only letters, unquoted: a credential is neither a prefix of a
 * key nor a near-miss of one, so what this finds is never called (or moved as) a secret.
 */
export function halfTypedKey(node: StringNode, keys: readonly string[]): string | undefined {
  if (node.quoted || !/^[A-Za-z]+$/.test(node.value)) return undefined;
  const w = node.value.toLowerCase();
  const prefixOf = keys.filter((k) => k.toLowerCase().startsWith(w));
  // `v`, `val`, `value`: the start of both keys; the one that keeps the secret out of the file.
  if (prefixOf.length > 0) return prefixOf.find((k) => k === 'valueFromEnv') ?? prefixOf[0];
  if (w.length < 3) return undefined;
  let best: string | undefined;
  let bestDistance = 3; // at most two edits away
  for (const k of keys) {
    const d = editDistance(w, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}
