// EnvironmentValue fixes: `literal-secret` (move the literal into the document's `.env` and reference
// it with `valueFromEnv`) and `env-value-conflict` (keep one of `value`/`valueFromEnv`, or add
// `valueFromEnv`). A secret is never dropped: a fix that takes a literal out of the file puts it in
// `.env` (created when missing, appended to, an existing different value never overwritten) or finds
// it there already; where the host gives no `.env` (ServiceContext.dotenv), or the value has no
// `.env` line that every common reader reads back as written (dotenv.ts dotenvLine), no such fix is
// offered.
import type { Node, ObjectNode, ParsedDocument, PropertyNode, StringNode } from '../../parser/ast';
import { getProperty, resolve } from '../../parser/ast';
import { unwrapNullable } from '../../model/schema';
import { walkTyped } from '../../model/typedWalk';
import { appendLine, appendToDotenv, parseDotenv } from '../dotenv';
import {
  credentialDefaultInName,
  credentialInName,
  shellDefault,
  shellReference,
  shellReferenceMessage,
  suggestEnvName,
} from '../envNames';
import type { ShellDefault } from '../envNames';
import type { DotenvEdit, ServiceContext, TextEdit } from '../types';
import { addProperties, contentEnd, removeProperties, renderInlineValue, replaceScalar, scalar } from './edits';
import { findObject, valueAt } from './find';
import { envValueSchema, FROM_ENV_KEY, LITERAL_KEY } from './placeholders';
import { emptyValueWritten } from '../validation/rules/envValue';
import { aliasesOf, stripFinalBreakAt, whitespaceNote } from '../credentialNotes';
import type { Fix, FixProvider } from './provider';

/** A credential written in the file: in `value` of an EnvironmentValue, or where one belongs. */
interface Site {
  literal: StringNode;
  /** The EnvironmentValue mapping, when the literal is its `value`. */
  obj: ObjectNode | undefined;
  /**
   * `${OPENAI_KEY:-sk-…}` (envNames.shellDefault): the credential is the default, stored in `.env`
   * under the variable the expression names (OPENAI_KEY), which the fix then reads.
   */
  def?: ShellDefault;
}

const isSecret = (n: Node | undefined): n is StringNode => n?.type === 'string' && n.value.trim() !== '';

/** What a site's move writes to `.env`: the default of a shell default, else the literal as written. */
const stored = (site: Site): string => site.def?.value ?? site.literal.value;

/** Every literal credential in document order (aliases: the anchored node once). */
function sites(doc: ParsedDocument): Site[] {
  const env = envValueSchema();
  const out: Site[] = [];
  const seen = new Set<Node>();
  const withDefault = (s: Site): Site => {
    const def = shellDefault(s.literal.value);
    return def ? { ...s, def } : s;
  };
  walkTyped(doc.root, (v) => {
    let site: Site | undefined;
    if (v.node.type === 'string' && v.prop && unwrapNullable(v.expected) === env && isSecret(v.node))
      site = withDefault({ literal: v.node, obj: undefined });
    else if (v.node.type === 'object' && v.resolved.schema === env) {
      const lit = resolve(getProperty(v.node, LITERAL_KEY)?.value);
      if (isSecret(lit)) site = withDefault({ literal: lit, obj: v.node });
      else {
        // `valueFromEnv: sk-…`: the credential pasted where its variable's name goes (REVIEW5 H3);
        // `valueFromEnv: ${OPENAI_KEY:-sk-…}`: in a shell default's default.
        const named = resolve(getProperty(v.node, FROM_ENV_KEY)?.value);
        if (isSecret(named) && credentialInName(named.value)) {
          const def = credentialDefaultInName(named.value);
          site = def ? { literal: named, obj: v.node, def } : { literal: named, obj: v.node };
        }
      }
    }
    if (site && !seen.has(site.literal)) {
      seen.add(site.literal);
      out.push(site);
    }
  });
  return out;
}

/** The variable names the document already reads. */
function namesInUse(doc: ParsedDocument): Set<string> {
  const env = envValueSchema();
  const out = new Set<string>();
  walkTyped(doc.root, (v) => {
    if (v.node.type !== 'object' || v.resolved.schema !== env) return;
    const n = resolve(getProperty(v.node, FROM_ENV_KEY)?.value);
    if (n?.type === 'string') out.add(n.value);
  });
  return out;
}

interface Placement {
  name: string;
  /** The `.env` edit that stores the value, or undefined when `.env` holds it already. */
  dotenv: DotenvEdit | undefined;
  /** A shell default whose variable `.env` gives another value: the default goes under another name. */
  displaced?: string;
}

/**
 * Where each literal goes: its conventional name (VENDOR_A_API_KEY), else NAME_2, NAME_3…, never a
 * name that `.env`, the environment or the document already gives another value (two different
 * secrets never share a variable; the same secret twice does). A shell default's credential
 * (`${OPENAI_KEY:-sk-…}`) goes under the variable the expression reads, OPENAI_KEY, also when the
 * environment sets it or the document reads it elsewhere (the expression reads that variable first,
 * as `valueFromEnv: OPENAI_KEY` then does); only a different value for it in `.env` (never
 * overwritten) or another credential moved under it sends it to OPENAI_KEY_2.
 */
function placements(doc: ParsedDocument, ctx: ServiceContext): Map<StringNode, Placement> {
  const out = new Map<StringNode, Placement>();
  const file = ctx.dotenv;
  if (!file) return out;
  const dot = parseDotenv(file.text ?? '');
  const used = namesInUse(doc);
  const claimed = new Map<string, string>();
  for (const site of sites(doc)) {
    // An anchored credential that an alias shares: replaced by a name, the alias would hold that name
    // (the literal-secret message says so, REVIEW8 K13h).
    if (aliasesOf(doc, site.literal).length > 0) continue;
    const value = stored(site);
    const base = site.def?.name ?? suggestEnvName(site.obj ?? site.literal);
    for (let i = 1; i < 1000; i++) {
      const name = i === 1 ? base : `${base}_${i}`;
      const known = claimed.get(name) ?? dot.get(name);
      const own = site.def !== undefined && i === 1;
      if (known !== undefined ? known !== value : !own && (used.has(name) || ctx.env?.isDefined(name) === true))
        continue;
      claimed.set(name, value);
      const displaced = site.def && i > 1 ? { displaced: site.def.name } : {};
      if (dot.get(name) === value) out.set(site.literal, { name, dotenv: undefined, ...displaced });
      else {
        // A value no `.env` line can hold as written (e.g. one with a `'`) is not moved.
        const dotenv = store(file.text, name, value);
        if (dotenv) out.set(site.literal, { name, dotenv, ...displaced });
      }
      break;
    }
  }
  return out;
}

/** The `.env` edit that stores a value; undefined when no `.env` line reads back as the value. */
function store(text: string | undefined, name: string, value: string): DotenvEdit | undefined {
  const edit = appendToDotenv(text, name, value);
  return edit ? { create: text === undefined, edits: [edit] } : undefined;
}

/**
 * What becomes of a literal when `valueFromEnv: name` replaces it: undefined when it would be lost.
 * `fromDefault`: the literal is a shell default (`${OTHER:-sk-…}`), whose default, the credential,
 * is what `.env` gets under `name` (the variable the file keeps reading), not the expression.
 */
function keepLiteral(
  doc: ParsedDocument,
  ctx: ServiceContext,
  name: string,
  literal: Node | undefined,
): { dotenv: DotenvEdit | undefined; fromDefault: boolean } | undefined {
  if (!isSecret(literal)) return { dotenv: undefined, fromDefault: false };
  const file = ctx.dotenv;
  if (!file || aliasesOf(doc, literal).length > 0) return undefined;
  // `valueFromEnv: sk-proj-…` (a credential pasted as the name, literal-secret of its own): no
  // variable to keep the literal in; `.env` would get that key as a variable's name.
  if (credentialInName(name)) return undefined;
  const def = shellDefault(literal.value);
  const value = def?.value ?? literal.value;
  const fromDefault = def !== undefined;
  const known = parseDotenv(file.text ?? '').get(name);
  if (known === value) return { dotenv: undefined, fromDefault };
  if (known !== undefined || ctx.env?.isDefined(name)) return undefined;
  const dotenv = store(file.text, name, value);
  return dotenv ? { dotenv, fromDefault } : undefined;
}

function warnIgnore(ctx: ServiceContext): string {
  // A tracked .env: the secret would go from one committed file to another (REVIEW7 J8), said as the
  // dotenv-not-ignored error that follows says it.
  if (ctx.dotenv?.gitTracked === true)
    return ` (warning: git tracks ${shownDotenv(ctx)}, so the secret stays committed: rotate it and run 'git rm --cached ${shownDotenv(ctx)}')`;
  return ctx.dotenv?.gitIgnored === false ? ` (note: git does not ignore ${shownDotenv(ctx)})` : '';
}

/**
 * Whether a fix that writes the secret into the `.env` is the preferred one: not when git tracks that
 * `.env` (a client's auto-fix applies preferred fixes without showing their titles).
 */
function preferWriting(ctx: ServiceContext, dotenv: DotenvEdit | undefined): boolean {
  return !(dotenv && ctx.dotenv?.gitTracked === true);
}

/** The `.env` the fix writes, as its title names it (`packages/api/.env`; `.env` when the host does not say). */
function shownDotenv(ctx: ServiceContext): string {
  return ctx.dotenv?.shown ?? '.env';
}

function withDotenv(fix: Fix, dotenv: DotenvEdit | undefined): Fix {
  if (dotenv) fix.dotenv = dotenv;
  return fix;
}

/** The line a fix appends to `.gitignore`: every `.env` of the repository. */
const IGNORE_DOTENV = '.env';

/**
 * The `.gitignore` edit that makes git ignore the `.env` a fix writes (REVIEW8 K15): when the host
 * gives the repository's `.gitignore` (git does not ignore that `.env` and does not track it), unless
 * the file's last word on `.env` already ignores it (then something else takes it back: a line
 * appended there would change nothing).
 */
function ignoreDotenv(ctx: ServiceContext): DotenvEdit | undefined {
  const file = ctx.dotenv;
  if (!file?.gitignore || file.gitIgnored !== false || file.gitTracked === true) return undefined;
  const lines = (file.gitignore.text ?? '').split(/\r?\n/).map((l) => l.trim());
  const last = lines.filter((l) => /^!?(\*\*\/)?\.env$/.test(l)).pop();
  if (last !== undefined && !last.startsWith('!')) return undefined;
  return { create: file.gitignore.text === undefined, edits: [appendLine(file.gitignore.text, IGNORE_DOTENV)] };
}

/**
 * A fix that writes a secret into a `.env` git does not ignore, twice: first (preferred, when the fix
 * is) with an edit appending `.env` to the repository's `.gitignore`, its title saying so; then the
 * plain move with its note, never preferred. Otherwise the fix alone, its title noting what git does.
 */
function movingFixes(fix: Fix, ctx: ServiceContext): Fix[] {
  const ignore = ignoreDotenv(ctx);
  const plain: Fix = { ...fix, title: fix.title + warnIgnore(ctx) };
  if (!ignore) return [plain];
  const gitignore = ctx.dotenv?.gitignore?.shown ?? '.gitignore';
  return [
    {
      ...fix,
      title: `${fix.title} and add '${IGNORE_DOTENV}' to ${gitignore} (git does not ignore ${shownDotenv(ctx)} yet)`,
      gitignore: ignore,
    },
    { ...plain, isPreferred: false },
  ];
}

export const literalSecret: FixProvider = (doc, d, ctx) => {
  const literal = valueAt(doc, d.offset);
  const prop = literal?.parent;
  if (!isSecret(literal) || prop?.type !== 'property') return [];
  const obj = prop.key.value === LITERAL_KEY ? prop.parent : undefined;
  const existing = obj ? getProperty(obj, FROM_ENV_KEY) : undefined;
  if (obj && existing) {
    // `value` beside `valueFromEnv`: the literal goes only where the variable will hold it.
    const name = resolve(existing.value);
    if (name?.type !== 'string') return [];
    const kept = keepLiteral(doc, ctx, name.value, literal);
    if (!kept) return [];
    // Never the secret itself in a title: only the key names and the variable's name.
    const what = kept.fromDefault ? `the default (the credential) of the literal '${LITERAL_KEY}'` : undefined;
    const title = kept.dotenv
      ? `Move ${what ?? `the literal '${LITERAL_KEY}'`} to ${shownDotenv(ctx)} as ${name.value} and keep '${FROM_ENV_KEY}'`
      : `Remove the literal '${LITERAL_KEY}' (${shownDotenv(ctx)} holds ${kept.fromDefault ? 'its default' : 'the same value'} as ${name.value})`;
    return movingFixes(
      withDotenv(
        { title, edits: removeProperties(doc, obj, [prop]), isPreferred: preferWriting(ctx, kept.dotenv) },
        kept.dotenv,
      ),
      ctx,
    );
  }
  const holder = obj ? (obj.parent?.type === 'property' ? obj.parent.key.value : '') : prop.key.value;
  // `${OPENAI_KEY:-sk-…}`: the default moves (under OPENAI_KEY), not the expression around it.
  const fromDefault =
    prop.key.value === FROM_ENV_KEY
      ? credentialDefaultInName(literal.value) !== undefined
      : !!shellDefault(literal.value);
  // `value: |` + a one-line key: the block scalar keeps a final line break the service would send;
  // `|-` drops that, and only that (REVIEW8 K13h). Offered beside the move, not preferred.
  const cut = prop.key.value === FROM_ENV_KEY || fromDefault ? undefined : stripFinalBreakAt(doc.text, literal, holder);
  const chomp: Fix[] =
    cut === undefined
      ? []
      : [
          {
            title: `Write '${doc.text[literal.offset]!}-' so that the key has no line break at its end (the service would send it)`,
            edits: [{ offset: cut, length: 0, newText: '-' }],
          },
        ];
  const place = placements(doc, ctx).get(literal);
  if (!place) return chomp;
  const { name } = place;
  // A shell default's variable that `.env` gives another value: the default goes under another
  // name, which the file then reads instead of that variable; said, and never preferred.
  const displaced =
    place.displaced !== undefined
      ? ` (${shownDotenv(ctx)} gives ${place.displaced} another value, kept; the file then reads ${name}, not ${place.displaced})`
      : '';
  const prefer = (dotenv: DotenvEdit | undefined): boolean =>
    place.displaced === undefined && preferWriting(ctx, dotenv);
  const what = fromDefault ? 'the default (the credential)' : undefined;
  if (prop.key.value === FROM_ENV_KEY) {
    // The credential pasted as the variable's name: it goes to the .env, its name takes its place.
    const title = !place.dotenv
      ? `Use ${name} from ${shownDotenv(ctx)} (same value) as the variable's name${displaced}`
      : `Move ${what ?? 'the credential'} to ${place.dotenv.create ? 'a new .env file' : shownDotenv(ctx)} as ${name} and name it here ('${FROM_ENV_KEY}: ${name}')${displaced}`;
    return movingFixes(
      withDotenv(
        { title, edits: [replaceScalar(doc, literal, name, true)], isPreferred: prefer(place.dotenv) },
        place.dotenv,
      ),
      ctx,
    );
  }
  // A block scalar's range ends past its line break: only its content is replaced.
  const range = { offset: literal.offset, length: contentEnd(doc.text, literal) - literal.offset };
  let edits: TextEdit[];
  if (obj)
    edits = [replaceScalar(doc, prop.key, FROM_ENV_KEY), { ...replaceScalar(doc, literal, name, true), ...range }];
  else
    edits = [
      {
        ...range,
        newText:
          doc.language === 'json'
            ? `{ "${FROM_ENV_KEY}": ${JSON.stringify(name)} }`
            : `{ ${FROM_ENV_KEY}: ${replaceScalar(doc, literal, name, true).newText} }`,
      },
    ];
  const where = !place.dotenv
    ? `Use ${name} from ${shownDotenv(ctx)} (same value) instead of the ${what ? 'default' : 'literal'}`
    : place.dotenv.create
      ? `Move ${what ?? 'the secret'} to a new .env file${ctx.dotenv?.shown !== undefined ? ` (${ctx.dotenv.shown})` : ''} as ${name}`
      : `Move ${what ?? 'the secret'} to ${shownDotenv(ctx)} as ${name}`;
  // Blanks or line breaks around the key (REVIEW8 K13o): the move keeps them, quoted in .env (a
  // reader trims an unquoted value), and says so; moving it without them is offered beside, told.
  // (A shell default's credential is its default: the blanks around the expression are not in it.)
  const blanks = !fromDefault && whitespaceNote(doc.text, literal, holder) !== undefined;
  const trimmed = blanks && place.dotenv ? store(ctx.dotenv?.text, name, literal.value.trim()) : undefined;
  const moves = movingFixes(
    withDotenv(
      {
        title: `${where} ('${FROM_ENV_KEY}: ${name}')${blanks ? ', keeping the whitespace around it as written (the service sends it)' : ''}${displaced}`,
        edits,
        isPreferred: prefer(place.dotenv),
      },
      place.dotenv,
    ),
    ctx,
  );
  if (!trimmed) return [...moves, ...chomp];
  const without = movingFixes(
    withDotenv({ title: `${where} without the whitespace around it ('${FROM_ENV_KEY}: ${name}')`, edits }, trimmed),
    ctx,
  ).map((f) => ({ ...f, isPreferred: false }));
  return [...moves, ...without, ...chomp];
};

export const envValueConflict: FixProvider = (doc, d, ctx) => {
  const envSchema = envValueSchema();
  const site = findObject(
    doc,
    (v, obj) =>
      v.resolved.schema === envSchema &&
      ((v.prop !== undefined && v.prop.key.offset === d.offset) || obj.offset === d.offset),
  );
  if (!site) return [];
  const obj = site.obj;
  const literal = getProperty(obj, LITERAL_KEY);
  const fromEnv = getProperty(obj, FROM_ENV_KEY);
  if (literal && fromEnv) {
    const drop = (key: string): PropertyNode[] => obj.properties.filter((p) => p.key.value === key);
    const out: Fix[] = [];
    const name = resolve(fromEnv.value);
    // `value: null` (or `value:`, or `value: ""`) beside the name: nothing to keep or move, only a key
    // to remove (REVIEW8 K13c, REVIEW15-user U15).
    const none = emptyValueWritten(doc.text, literal);
    if (none !== undefined)
      return [
        {
          title: `Remove ${none.written === '' ? `the empty '${LITERAL_KEY}'` : none.shown} (keep '${FROM_ENV_KEY}')`,
          edits: removeProperties(doc, obj, drop(LITERAL_KEY)),
          isPreferred: true,
        },
      ];
    // `value: ${OPENAI_KEY}`: a reference the service does not expand, no credential to keep in
    // `.env` (REVIEW10 L2); removing it loses nothing when it names the variable `valueFromEnv` reads.
    const lit = resolve(literal.value);
    const reference = lit?.type === 'string' ? shellReference(lit.value.trim()) : undefined;
    // A credential pasted as the name: removing it would drop a secret the user wrote, maybe the
    // one that works; keeping a literal "in" it would write it to .env as a variable's name.
    const nameIsSecret = name?.type === 'string' && credentialInName(name.value);
    const keepValue: Fix[] = nameIsSecret
      ? []
      : [
          {
            title: `Keep '${LITERAL_KEY}' (remove '${FROM_ENV_KEY}')`,
            edits: removeProperties(doc, obj, drop(FROM_ENV_KEY)),
          },
        ];
    if (reference !== undefined && name?.type === 'string') {
      out.push({
        title: `Keep '${FROM_ENV_KEY}' (remove '${LITERAL_KEY}')`,
        edits: removeProperties(doc, obj, drop(LITERAL_KEY)),
        isPreferred: reference === name.value.trim(),
        ...dropsMessage(lit),
      });
      return [...out, ...keepValue];
    }
    const kept =
      name?.type === 'string'
        ? keepLiteral(doc, ctx, name.value, lit)
        : isSecret(resolve(literal.value))
          ? undefined
          : { dotenv: undefined, fromDefault: false };
    if (kept) {
      const what = kept.fromDefault
        ? `the default (the credential) of the literal '${LITERAL_KEY}'`
        : `the literal '${LITERAL_KEY}'`;
      const title =
        kept.dotenv && name?.type === 'string'
          ? `Keep '${FROM_ENV_KEY}' (move ${what} to ${shownDotenv(ctx)} as ${name.value})`
          : `Keep '${FROM_ENV_KEY}' (remove '${LITERAL_KEY}')`;
      const fix = withDotenv(
        { title, edits: removeProperties(doc, obj, drop(LITERAL_KEY)), isPreferred: preferWriting(ctx, kept.dotenv) },
        kept.dotenv,
      );
      out.push(...(kept.dotenv ? movingFixes(fix, ctx) : [fix]));
    }
    return [...out, ...keepValue];
  }
  if (literal || fromEnv) return [];
  const name = suggestEnvName(obj);
  const order = Object.keys(unwrapNullable(site.resolved.schema)?.properties ?? {});
  return [
    {
      title: `Add '${FROM_ENV_KEY}: ${name}'`,
      edits: addProperties(doc, obj, [{ key: FROM_ENV_KEY, value: scalar(name) }], order),
      // The variable's name is a guess (so `lint --fix` never adds it: the code is not autofixed).
      // A mapping with other keys most likely holds a misspelt 'valueFromEnv' or 'value', whose
      // own fix renames it: adding one next to it would make two values, one of them invented.
      isPreferred: obj.properties.length === 0,
    },
  ];
};

/**
 * `invalid-type` on a plain string that names a variable (`apiKey: $VENDOR_KEY`): read it from the
 * environment, `apiKey: { valueFromEnv: VENDOR_KEY }`. Only the reference's `$` and braces go. A bare
 * `PASSWORD_2024` that no set variable is called (`envNameUnsure`) may be the credential itself: the
 * same fix is offered, not preferred (so never `--fix`), beside moving it to `.env` as a secret (the
 * literal-secret fix, not preferred either). A bare string is not quoted in a title.
 */
export const envReferenceValue: FixProvider = (doc, d, ctx) => {
  const name = d.data?.envName;
  const node = valueAt(doc, d.offset);
  if (name === undefined || node?.type !== 'string' || node.parent?.type !== 'property') return [];
  const key = node.parent.key.value;
  const value = renderInlineValue(doc, { kind: 'object', entries: [{ key: FROM_ENV_KEY, value: scalar(name) }] });
  const bare = node.value === name;
  const unsure = d.data?.envNameUnsure === true;
  const read: Fix = {
    title: unsure
      ? `Read '${key}' from a variable of the name written here (valueFromEnv; none is set yet)`
      : bare
        ? `Read '${key}' from the variable of the name written here (valueFromEnv)`
        : `Read '${key}' from the variable ${name} (valueFromEnv)`,
    edits: [{ offset: node.offset, length: node.length, newText: value }],
    isPreferred: !unsure,
    ...dropsMessage(node),
  };
  if (!unsure) return [read];
  const move = literalSecret(doc, d, ctx).map((f) => ({
    ...f,
    title: `If it is the credential itself: ${f.title.charAt(0).toLowerCase()}${f.title.slice(1)}`,
    isPreferred: false,
  }));
  return [read, ...move];
};

/**
 * `value-not-expanded` on `value: ${NAME}` / `$NAME` (REVIEW5 H12): `valueFromEnv: NAME`, the key and
 * its value rewritten in place (comments, anchors and the rest of the mapping stay).
 */
export const unexpandedValue: FixProvider = (doc, d) => {
  const name = d.data?.envName;
  const node = valueAt(doc, d.offset);
  const prop = node?.parent;
  if (name === undefined || node?.type !== 'string' || prop?.type !== 'property' || prop.key.value !== LITERAL_KEY)
    return [];
  // `valueFromEnv` already beside it (REVIEW10 L2): renaming `value` would write the key twice, a
  // file strict YAML loaders reject and others read the last of. The reference goes instead.
  const fromEnv = getProperty(prop.parent, FROM_ENV_KEY);
  if (fromEnv) {
    const written = resolve(fromEnv.value);
    const other = written?.type === 'string' ? written.value.trim() : undefined;
    const removeLiteral = removeProperties(doc, prop.parent, [prop]);
    if (other === name)
      return [
        {
          title: `Remove '${LITERAL_KEY}' (valueFromEnv already reads ${name})`,
          edits: removeLiteral,
          isPreferred: true,
          ...dropsMessage(node),
        },
      ];
    // Two different variables named: which one holds the credential is the user's to say.
    const out: Fix[] = [];
    if (written?.type === 'string')
      out.push({
        title: `Read the variable ${name} (valueFromEnv: ${name} in place of ${other || 'the empty name'}; remove '${LITERAL_KEY}')`,
        edits: [...removeLiteral, replaceScalar(doc, written, name)],
      });
    out.push({
      title: `Keep '${FROM_ENV_KEY}'${other ? ` (${other})` : ''} (remove '${LITERAL_KEY}: ${node.value.trim()}')`,
      edits: removeLiteral,
    });
    return out;
  }
  return [
    {
      title: `Read the variable ${name} (valueFromEnv: ${name})`,
      edits: [replaceScalar(doc, prop.key, FROM_ENV_KEY), replaceScalar(doc, node, name)],
      isPreferred: true,
      ...dropsMessage(node),
    },
  ];
};

/**
 * `${OPENAI_KEY:?set it in .env}`: a fix that writes the bare name (or removes the reference) drops
 * the message the user wrote: the editor's to offer, never `lint --fix`'s (fixAll.safeFixFor).
 */
function dropsMessage(node: Node | undefined): { editorOnly?: true } {
  return node?.type === 'string' && shellReferenceMessage(node.value.trim()) !== undefined ? { editorOnly: true } : {};
}

/** `invalid-env-name` on `valueFromEnv: $NAME`, `${NAME}` or `"NAME "`: the bare name. */
export const bareEnvName: FixProvider = (doc, d) => {
  const bare = d.data?.suggestion;
  const node = valueAt(doc, d.offset);
  if (bare === undefined || node?.type !== 'string') return [];
  // (A name with blanks around it: only they go, REVIEW14-user U9.)
  const title =
    node.value.trim() === bare && node.value !== bare
      ? `Remove the blanks around '${bare}'`
      : `Change 'valueFromEnv' to '${bare}'`;
  return [{ title, edits: [replaceScalar(doc, node, bare)], isPreferred: true }];
};
