// YAML 1.2 core-schema tags written explicitly on a plain scalar that the `yaml` package leaves as a
// string: it reads `!!float 3` as the string "3" (its float pattern needs a dot or an exponent, so
// that plain `3` stays an int), while the YAML 1.2 core schema makes `!!float 3` the number 3.
// The tag says what the user means; the value follows it. A scalar the tag cannot read (`!!int 3.5`)
// stays a string, and validation says what was expected.

import { CLOUDFORMATION, nameableTag } from './yamlMessages';

const CORE = 'tag:yaml.org,2002:';
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** The value a scalar holds once its explicit core tag is applied (unchanged when none applies). */
export function coreTagged(tag: string | undefined, value: unknown): unknown {
  if (tag === undefined || typeof value !== 'string' || !tag.startsWith(CORE)) return value;
  const s = value;
  switch (tag.slice(CORE.length)) {
    case 'float':
      if (FLOAT.test(s)) return Number(s);
      if (/^[-+]?\.(?:inf|Inf|INF)$/.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
      if (/^\.(?:nan|NaN|NAN)$/.test(s)) return NaN;
      return value;
    case 'int':
      if (!INT.test(s)) return value;
      return s.startsWith('0o') ? parseInt(s.slice(2), 8) : Number(s);
    case 'bool':
      if (/^(?:true|True|TRUE)$/.test(s)) return true;
      if (/^(?:false|False|FALSE)$/.test(s)) return false;
      return value;
    case 'null':
      return /^(?:null|Null|NULL|~|)$/.test(s) ? null : value;
    default:
      return value;
  }
}

/** The YAML 1.1 type-repository tags (what PyYAML and SnakeYAML construct): the kind of node each is for. */
export const TAG_KINDS: Readonly<Record<string, { kind: 'scalar' | 'mapping' | 'sequence'; what: string }>> = {
  str: { kind: 'scalar', what: 'a string' },
  int: { kind: 'scalar', what: 'an integer' },
  float: { kind: 'scalar', what: 'a number' },
  bool: { kind: 'scalar', what: 'a boolean' },
  null: { kind: 'scalar', what: 'null' },
  binary: { kind: 'scalar', what: 'binary data' },
  timestamp: { kind: 'scalar', what: 'a timestamp' },
  map: { kind: 'mapping', what: 'a mapping' },
  set: { kind: 'mapping', what: 'a set (a mapping)' },
  seq: { kind: 'sequence', what: 'a sequence' },
  omap: { kind: 'sequence', what: 'an ordered mapping (a sequence)' },
  pairs: { kind: 'sequence', what: 'pairs (a sequence)' },
};

/** The kind of node a tag as written (`!!str`, `!<tag:yaml.org,2002:str>`) is for; undefined for other tags. */
export function coreTagKind(src: string): 'scalar' | 'mapping' | 'sequence' | undefined {
  const m = /^!(?:!([a-z]+)|<tag:yaml\.org,2002:([a-z]+)>)$/.exec(src);
  const name = m?.[1] ?? m?.[2];
  return name !== undefined && Object.hasOwn(TAG_KINDS, name) ? TAG_KINDS[name]!.kind : undefined;
}

/**
 * Whether a tag (as the `yaml` package resolves it: `!Ref`, `tag:yaml.org,2002:binary`) is one this
 * tool does not apply: anything but the non-specific `!` and the core types above (`!!str`, `!!int`,
 * `!!float`, `!!bool`, `!!null`, `!!map`, `!!seq`; `!!merge` on a merge key).
 */
export function isUnsupportedTag(tag: string): boolean {
  if (tag === '!') return false;
  if (!tag.startsWith(CORE)) return true;
  const name = tag.slice(CORE.length);
  return !/^(?:str|int|float|bool|null|map|seq|merge)$/.test(name);
}

/** A plain scalar's value as the YAML 1.2 core schema reads it untagged (`3` a number, `true` a boolean). */
export function untaggedPlain(source: string): unknown {
  if (/^(?:null|Null|NULL|~|)$/.test(source)) return null;
  for (const name of ['bool', 'int', 'float']) {
    const v = coreTagged(CORE + name, source);
    if (v !== source) return v;
  }
  return source;
}

/** What YAML loaders do with an unsupported tag, written `written` in the file (`tag` as resolved), for a message. */
export function unsupportedTagMessage(written: string, tag: string): string {
  // A tag named as written only when it cannot be a credential pasted after a `!` (yamlMessages.ts).
  const src = nameableTag(written) ? ` '${written}'` : '';
  const name = tag.startsWith(CORE) ? tag.slice(CORE.length) : undefined;
  const refused = `PyYAML's safe_load, SnakeYAML and js-yaml refuse the whole file ("could not determine a constructor for the tag")`;
  const asRead = 'this tool reads the value as if the tag were not there.';
  if (name !== undefined && /^python\//.test(name))
    return `The tag${src} builds a Python object: only PyYAML's unsafe loaders read it; ${refused}, and ${asRead}`;
  if (name === 'binary' || name === 'timestamp' || name === 'set' || name === 'omap' || name === 'pairs') {
    const builds =
      name === 'binary'
        ? 'bytes decoded from base64, not the text written'
        : name === 'timestamp'
          ? 'a date and time, not a string'
          : name === 'set'
            ? 'a set, not a mapping or a list'
            : 'a list of pairs, not a mapping';
    return `The tag${src} makes YAML 1.1 loaders (PyYAML, SnakeYAML, js-yaml) build ${builds}, which no field of an AssistantConfig takes; ${asRead}`;
  }
  const cfn = CLOUDFORMATION.test(written)
    ? ` (a CloudFormation function: only CloudFormation resolves it, and this file is read by the service, not by CloudFormation)`
    : '';
  return `The tag${src} is not a YAML type${cfn}: ${refused}; ${asRead}`;
}
