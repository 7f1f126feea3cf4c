// The `yaml` package's error messages, as this tool shows them: without the source text some of
// them quote (REVIEW8 K8). `Not a YAML token: ${source}` quotes a whole line's rest: a key pasted
// after a block scalar indicator (`value: > pw-…`, `value: | {"type": "service_account", …}`) was
// printed whole in every output format and in the editor, where a frame masks it. The rule: a
// message never quotes a piece of the source of 4 characters or more (none of a credential's runs
// can be in it then); a shorter piece (`\q`, `}`, `!e`) is kept, as are the pieces that are a known
// keyword (a core tag, a CloudFormation function). The range of the finding points at the text, so
// the message says what is wrong with it, not what it is. The messages are rewritten here, where
// the package's errors become the parser's problems (parseYamlFull), so the CLI in every format,
// the language server and the web get the same. `test/parser/yamlMessages.test.ts` checks that
// every message of the package built from an interpolation is either here or known to hold none of
// the source, so that an upgrade of the package cannot bring a new quoting message unnoticed.

/** Quoted source shorter than this is kept in a message: it cannot hold 4 characters of a credential. */
const QUOTE_MAX = 3;

const quotable = (piece: string): boolean => piece.length <= QUOTE_MAX;

/**
 * The package's messages that quote source text: the pattern (its group 1 is the quoted piece) and
 * the message to show when the piece is too long to quote. `at`: whether the text before the
 * finding ends in a block scalar header (`value: |`), for a message that says why.
 */
export const QUOTING_MESSAGES: readonly { pattern: RegExp; without: (blockHeader: boolean) => string; tag?: true }[] = [
  {
    pattern: /^Not a YAML token: ([\s\S]*)$/,
    without: (blockHeader) =>
      blockHeader
        ? 'Text on the line of a block scalar indicator (| or >): only a comment may follow it there; the text of the block starts on the next line, indented.'
        : 'Not a YAML token (the marked text).',
  },
  {
    pattern: /^Block scalar header includes extra characters: ([\s\S]*)$/,
    without: () =>
      'Block scalar header includes extra characters: after | or > only a chomping indicator (- or +), an indentation digit and a comment may stand; the text of the block starts on the next line, indented.',
  },
  { pattern: /^Not a valid tag: ([\s\S]*)$/, tag: true, without: () => 'Not a valid tag (the marked text).' },
  {
    pattern: /^Verbatim tags aren't resolved, so ([\s\S]*) is invalid\.$/,
    tag: true,
    without: () => "Verbatim tags (!<…>) aren't resolved, so this one is invalid.",
  },
  {
    pattern: /^The ([\s\S]*) tag has no suffix$/,
    tag: true,
    without: () => 'This tag has no suffix: a name must follow its handle (!handle!name).',
  },
  {
    pattern: /^Could not resolve tag: ([\s\S]*)$/,
    tag: true,
    without: () => 'Could not resolve this tag: its handle is not declared by a %TAG directive.',
  },
  { pattern: /^Unresolved tag: ([\s\S]*)$/, tag: true, without: () => 'Unresolved tag (the marked one).' },
  {
    // `\x`, `\u`, `\U` and the digits they take (up to 8): the escape letter is enough to say what is wrong.
    pattern: /^Invalid escape sequence ([\s\S]*)$/,
    without: () => 'Invalid escape sequence: \\x takes 2 hex digits, \\u 4 and \\U 8.',
  },
  { pattern: /^Unresolved plain scalar ([\s\S]*)$/, without: () => 'Unresolved plain scalar.' },
  {
    pattern: /^Ordered maps must not include duplicate keys: ([\s\S]*)$/,
    without: () => 'Ordered maps must not include duplicate keys.',
  },
  { pattern: /^Unknown directive ([\s\S]*)$/, without: () => 'Unknown directive: only %YAML and %TAG are defined.' },
  {
    pattern: /^Unsupported YAML version ([\s\S]*)$/,
    without: () => 'Unsupported YAML version: 1.1 and 1.2 are read.',
  },
  {
    pattern: /^Unresolved alias \(the anchor must be set before the alias\): ([\s\S]*)$/,
    without: () => 'Unresolved alias: the anchor must be set before the alias.',
  },
  {
    // The composer adds a stray token's source as JSON: `Unexpected scalar token in YAML stream: "…"`.
    pattern: /^(?:[^"]*): ("[\s\S]*")$/,
    without: () => '',
  },
];

/**
 * A message of the `yaml` package without the source text it quotes (see above). `text` and
 * `offset`: the document and where the finding starts, to say why for a block scalar's header.
 */
export function sourceFreeMessage(message: string, text: string, offset: number): string {
  for (const m of QUOTING_MESSAGES) {
    const hit = m.pattern.exec(message);
    if (!hit) continue;
    let piece = hit[1]!;
    if (piece.startsWith('"')) {
      try {
        piece = JSON.parse(piece) as string;
      } catch {
        // (Not JSON after all: the piece as written is measured.)
      }
    }
    if (quotable(piece) || (m.tag && knownTag(piece))) return message;
    // (The composer's case: the message before the quoted token.)
    return m.without(blockHeaderBefore(text, offset)) || message.slice(0, message.length - hit[1]!.length - 2);
  }
  return message;
}

/** Whether the text before `offset` on its line ends in a block scalar header (`|`, `>-`, `|2+`) and blanks. */
function blockHeaderBefore(text: string, offset: number): boolean {
  const from = Math.max(0, text.lastIndexOf('\n', offset - 1) + 1);
  return /(?:^|[\s:-])[|>][-+0-9]*\s*$/.test(text.slice(from, offset));
}

/** CloudFormation's intrinsic functions in their short form (`!Ref`, `!Sub`…): said by name in messages. */
export const CLOUDFORMATION =
  /^!(?:Ref|Sub|GetAtt|Join|Select|Split|If|Equals|Not|And|Or|FindInMap|Base64|Cidr|GetAZs|ImportValue|Transform|Condition|ToJsonString|Length)$/;

/**
 * A tag an unsupported-tag message names as written: a known one (below) or one written as a word
 * (`!custom`, `!e!url`, `!GetSecret`: letters only, with a %TAG handle or not), not as a password
 * is (digits, symbols). A tag where a credential's value stands is masked in messages as the value
 * is (secretRanges widens the value over its tag).
 */
export function nameableTag(src: string): boolean {
  return knownTag(src) || (src.length <= 24 && /^!(?:[A-Za-z]*!)?[A-Za-z]+$/.test(src));
}

/**
 * A tag a syntax message may name as written: short, a core type (`!!binary`, `!!python/…`, as resolved
 * `tag:yaml.org,2002:…`), a CloudFormation function or a tag other tools define (`!include`,
 * `!secret`: Home Assistant's, whose value is a name). Anything else may be a credential pasted
 * after a `!` (`password: !Passw0rd…` is a tag and an empty value in YAML).
 */
export function knownTag(src: string): boolean {
  return (
    quotable(src) ||
    CLOUDFORMATION.test(src) ||
    /^(?:!!|tag:yaml\.org,2002:)(?:str|int|float|bool|null|map|seq|merge|binary|timestamp|set|omap|pairs|value|yaml)$/.test(
      src,
    ) ||
    /^(?:!!|tag:yaml\.org,2002:)python\/[a-z_/]+(?::[\w.]*)?$/.test(src) ||
    /^!(?:include|env|secret|reference|vault|import)$/.test(src)
  );
}
