// Suggested environment variable names for a credential, from where it stands in the document.
import type { Node } from '../parser/ast';
import { stringValue } from '../parser/ast';
import { readValue } from '../model/merge';
import { credentialShapes, mayHoldShape } from './credentialShapes';

/**
 * `$NAME` or `${NAME}`: how a shell, docker-compose or a CI file reads a variable. Also with an empty
 * or blank default, `${NAME:-}`, `${NAME:- }`, `${NAME-}`, `${NAME:=}`, `${NAME=}` (a compose file's
 * habit for an optional variable), and with the shell's "error if unset" form, `${NAME:?}`,
 * `${NAME?}`, `${NAME:?message}` (group 2: the message, text a shell prints when NAME is unset): the
 * variable and nothing else, no credential. Not a message shaped like a credential (shellReference).
 */
const SHELL_REFERENCE = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=][ \t]*|:?\?([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))$/;
/** `VENDOR_C_API_KEY`: capitals and digits in two or more words joined by `_`, as variables are named. */
const CONVENTIONAL_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * The NAME of `$NAME` or `${NAME}` (also `${NAME:-}` or `${NAME:- }` with an empty or blank default,
 * `${NAME:?message}`), or undefined. A message shaped like a credential (`${NAME:?sk-…}`, a key
 * pasted where it does not belong) makes no reference: it is a literal secret (shellDefault).
 */
export function shellReference(text: string): string | undefined {
  // (Asked of every `valueFromEnv` name: most do not start with `$`.)
  if (text.charCodeAt(0) !== 0x24) return undefined;
  const m = SHELL_REFERENCE.exec(text);
  if (!m || (m[2] !== undefined && credentialShapes(m[2]).length > 0)) return undefined;
  return m[1] ?? m[3];
}

/**
 * The text a shell reference holds besides the variable's name that rewriting it as the bare name
 * would drop: the message of `${NAME:?message}` (a blank default, `${NAME:- }`, is no text). Undefined
 * when there is none. A fix that drops it is the editor's, never `lint --fix`'s.
 */
export function shellReferenceMessage(text: string): string | undefined {
  const m = text.charCodeAt(0) === 0x24 ? SHELL_REFERENCE.exec(text) : null;
  return m?.[2] !== undefined && m[2].trim() !== '' ? m[2] : undefined;
}

/**
 * What a `value` holds when it is a reference to a variable written in some tool's syntax that the
 * service does not expand (REVIEW8 K13l), other than a bare `$NAME` / `${NAME}` (shellReference): a
 * shell default `${NAME:-x}`, a reference inside other text (`Bearer ${TOKEN}`, `${A}${B}`), a GitHub
 * Actions expression `${{ … }}`, a template `{{ … }}` (Helm, Go templates), a cmd.exe `%NAME%` (the
 * whole value). Undefined for anything else (a password may hold a `$` or a `%`: only these shapes are references).
 */
export function unexpandedReference(text: string): { kind: 'actions' | 'template' | 'shell' | 'cmd' } | undefined {
  // Each shape holds a `{` but the cmd.exe one, which holds `%` (most names and values hold neither).
  if (!text.includes('{') && !text.includes('%')) return undefined;
  if (/\$\{\{[^}]*\}\}/.test(text)) return { kind: 'actions' };
  if (/\{\{[^{}]*\}\}/.test(text)) return { kind: 'template' };
  // (Braces only: a password may hold `$HOME` or `a%b%`; `${NAME}` is no password's habit.)
  if (/\$\{[A-Za-z_][A-Za-z0-9_]*(?:[:?+=-][^}]*)?\}/.test(text)) return { kind: 'shell' };
  if (/^%[A-Za-z_][A-Za-z0-9_]*%$/.test(text.trim())) return { kind: 'cmd' };
  return undefined;
}

/** A shell-style default written as a whole value, and the literal it falls back to. */
export interface ShellDefault {
  /** The variable the expression reads first: `OPENAI_KEY` of `${OPENAI_KEY:-…}`. */
  name: string;
  /** How it is written up to the default: `${OPENAI_KEY:-`, `$${OPENAI_KEY=`. */
  head: string;
  /** The default, as written between the operator and `}`: the literal credential the text holds. */
  value: string;
}

/**
 * `${NAME:-default}`, `${NAME-default}`, `${NAME:=default}` or `${NAME=default}` (also `$${…}`, as a
 * docker-compose file escapes it), as a whole text (blanks around it aside), pasted from a compose
 * file or a `.env` template: the variable and the literal default, which the service sends as part
 * of the text and which is a credential written in the file all the same. Undefined for anything
 * else, and for a default that holds no credential: empty or blank, or a reference itself (`$OTHER`,
 * `${OTHER}`; a `${` inside the default is not read as one: no shell default nests that way here).
 * Also `${NAME:?message}` / `${NAME?message}` whose message is shaped like a credential (a key pasted
 * there; any other message is what a shell prints when NAME is unset: a reference, shellReference).
 */
export function shellDefault(text: string): ShellDefault | undefined {
  const m = /^\s*(\$?\$\{([A-Za-z_][A-Za-z0-9_]*):?([-=?]))([^}]*)\}\s*$/.exec(text);
  if (!m) return undefined;
  const value = m[4]!;
  if (value.trim() === '' || value.includes('${') || shellReference(value.trim()) !== undefined) return undefined;
  // `${OPENAI_KEY:?set it first}`: the message a shell prints when the variable is unset, no
  // credential (shellReference reads it as a reference); one shaped like a key is the key pasted there.
  if (m[3] === '?' && credentialShapes(value).length === 0) return undefined;
  return { name: m[2]!, head: m[1]!, value };
}

/** A name a POSIX shell can export (and most secret stores take). */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The shell-style default written where a variable's name goes (`valueFromEnv: ${OPENAI_KEY:-…}`)
 * whose default is a credential rather than another variable's name: shaped like a key, or not
 * shaped like a name at all (`Xaquwe-Qijiwe-13`); undefined otherwise (`${OPENAI_KEY:-FALLBACK}`).
 */
export function credentialDefaultInName(text: string): ShellDefault | undefined {
  const def = shellDefault(text);
  if (!def) return undefined;
  return credentialShapes(def.value).length > 0 || !VARIABLE_NAME.test(def.value.trim()) ? def : undefined;
}

/**
 * Whether a `valueFromEnv` holds a credential, not a name: text shaped like a key (`sk-proj-…`), or
 * a shell-style default whose default is one (credentialDefaultInName). Such a "name" is a secret:
 * never written to `.env` as a variable's name, never shown.
 */
export function credentialInName(text: string): boolean {
  return (
    credentialDefaultInName(text) !== undefined ||
    (mayHoldShape(text, 0, text.length) && credentialShapes(text).length > 0)
  );
}

/**
 * Where the default of a shell-style default stands in the source of the scalar that holds it
 * (`node`: offset and length in `text`), or undefined when the source does not hold it as written
 * once (an escape in a quoted string, `\u0073k-…`): the caller then keeps the whole scalar.
 */
export function shellDefaultRange(
  text: string,
  node: { offset: number; length: number },
  def: ShellDefault,
): { offset: number; length: number } | undefined {
  const source = text.slice(node.offset, node.offset + node.length);
  const at = source.indexOf(def.head + def.value + '}');
  if (at < 0 || source.indexOf(def.head + def.value + '}', at + 1) >= 0) return undefined;
  return { offset: node.offset + at + def.head.length, length: def.value.length };
}

/**
 * The variable a plain string names when it is written where a credential belongs as a reference,
 * not as the secret: `$NAME`, `${NAME}`, or a bare conventional NAME that is not shaped like a
 * credential (capitals only with `_` between words: a key never looks like that).
 */
export function envReference(text: string): string | undefined {
  const ref = shellReference(text);
  if (ref !== undefined) return ref;
  return text.length <= 64 && CONVENTIONAL_NAME.test(text) && credentialShapes(text).length === 0 ? text : undefined;
}

/**
 * Whether text written under a near miss of `valueFromEnv` (`value_from_env: MY_VENDOR_KEY`) reads as
 * the variable's name meant there: `$NAME`, `${NAME}`, or capitals, digits and `_` not shaped like a
 * credential. Such a value is renamed by `lint --fix` and shown in output (REVIEW15-user U5); any
 * other (`sk-…`, `pw-Golf-Hotel-95`) may be the credential under a half-typed `value`: masked, and
 * the rename left to the editor (REVIEW8 K9).
 */
export function readsAsVariableName(text: string): boolean {
  const t = text.trim();
  return shellReference(t) !== undefined || (/^[A-Z_][A-Z0-9_]*$/.test(t) && credentialShapes(t).length === 0);
}

const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/** `apiKey` under `provider: vendor_a` → `VENDOR_A_API_KEY`. */
export function suggestEnvName(envValue: Node): string {
  const prop = envValue.parent?.type === 'property' ? envValue.parent : undefined;
  const key = prop?.key.value ?? 'SECRET';
  const owner = prop?.parent;
  // The provider in force: written there, or merged in (`<<: *base`; REVIEW10 L6).
  const named = owner ? stringValue(readValue(owner, 'provider')) : undefined;
  // A key pasted into `provider:` names no variable: it would be shown (completion, a fix's title)
  // and written (.env) as part of one.
  const provider = named && credentialShapes(named).length === 0 ? named : undefined;
  // `cloudSecretAccessKey` under `cloud_c` is CLOUD_C_SECRET_ACCESS_KEY, not CLOUD_C_CLOUD_….
  const prefix = provider ? snake(provider) : '';
  let keyPart = snake(key);
  const firstWord = prefix.split('_')[0];
  if (firstWord && keyPart.startsWith(firstWord + '_')) keyPart = keyPart.slice(firstWord.length + 1);
  const name = prefix ? `${prefix}_${keyPart}` : keyPart;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
