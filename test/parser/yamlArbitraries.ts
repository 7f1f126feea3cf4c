// Generators of YAML pieces shared by the fast path's differential tests (block, flow, scalars).
import fc from 'fast-check';
import { testSeed } from '../seed';

export const word = fc.constantFrom(
  'a',
  'b',
  'key',
  'provider',
  'tableName',
  'x_1',
  'with space',
  'a-b',
  'é',
  'ключ',
  '日本',
  'x.y',
  'a/b',
  'kind',
  'AssistantConfig',
  'v2',
  'cloud_b',
  'orders_0001',
);
export const plainSpecial = fc.constantFrom(
  '1',
  '-1',
  '+1',
  '0',
  '-0',
  '017',
  '0o17',
  '0o8',
  '0x1F',
  '0xG',
  '1_000',
  '1.5',
  '1.',
  '.5',
  '1.50',
  '1e3',
  '1E-3',
  '-1.5e+10',
  '.inf',
  '-.Inf',
  '+.INF',
  '.NaN',
  '.nan',
  'nan',
  '12345678901234567890',
  'null',
  'Null',
  'NULL',
  'nul',
  '~',
  '~x',
  'true',
  'True',
  'TRUE',
  'tRUE',
  'false',
  'False',
  'FALSE',
  'yes',
  'no',
  'on',
  'off',
  'http://h.example/p?q=1',
  'x:y',
  'x#y',
  'a,b',
  'a]b',
  'a}b',
  'a[b',
  '-x',
  '--x',
  '100%',
  "it's",
  'say "hi"',
  'a  b',
  'a ~',
  'x: y',
  'x #y',
  '-',
  '?x',
  ':x',
  '&a',
  '*a',
  '!t',
  '|',
  '>',
  '@x',
  '`x`',
  '%x',
);
export const plainScalar = fc.oneof(word, plainSpecial, fc.stringMatching(/^[a-z][a-z0-9_ .:#-]{0,10}[a-z0-9]$/));
export const singleQuoted = fc.oneof(
  fc.constantFrom("''", "'x'", "'it''s'", "'a: b'", "'# c'", "'\\n'", "'\"'", "' sp '", "'é'", "''''"),
  fc.stringMatching(/^[a-z' :#"\\]{0,8}$/).map((s) => `'${s.replace(/'/g, "''")}'`),
);
export const doubleQuoted = fc.oneof(
  fc.constantFrom(
    '""',
    '"x"',
    '"a\\"b"',
    '"\\\\"',
    '"\\t\\n\\r"',
    '"\\x41\\u00e9\\U0001F600"',
    '"\\/\\_\\N\\L\\P\\0\\a\\b\\e\\f\\v\\ "',
    '"\\q"',
    '"\\x4"',
    '"\\uD800"',
    '"# not"',
    '"a: b"',
    '"\'"',
    '"\\U00110000"',
  ),
  fc.stringMatching(/^[a-z :#'\\"]{0,8}$/).map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`),
);
export const scalar = fc.oneof(
  { weight: 4, arbitrary: plainScalar },
  { weight: 1, arbitrary: singleQuoted },
  { weight: 1, arbitrary: doubleQuoted },
);
export const flowScalar = fc.oneof(
  word,
  fc.constantFrom('1', '-2', '0x1F', 'true', 'null', '~', '1.5', '.inf', 'a b', 'x:y', 'a#b'),
  singleQuoted,
  doubleQuoted,
);
export const sp = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('', ' ', '  ') },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\n ', '\n  ', '\n    ', ' \n      ', '\n\n   ') },
);
export const flow: fc.Arbitrary<string> = fc.letrec<{ value: string; seq: string; map: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, flowScalar, tie('seq'), tie('map')),
  seq: fc
    .tuple(fc.array(fc.tuple(sp, tie('value'), sp), { maxLength: 3 }), fc.boolean(), sp)
    .map(
      ([items, trailing, s]) =>
        `[${items.map(([a, v, b]) => a + v + b).join(',')}${trailing && items.length > 0 ? ',' : ''}${s}]`,
    ),
  map: fc
    .tuple(
      fc.array(
        fc.tuple(
          sp,
          flowScalar,
          fc.constantFrom(': ', ':', ' : ', '', ':  '),
          fc.option(tie('value'), { nil: '' }),
          sp,
        ),
        { maxLength: 3 },
      ),
      fc.boolean(),
    )
    .map(
      ([entries, trailing]) =>
        `{${entries.map(([a, k, c, v, b]) => a + k + (c === '' ? '' : c + v) + b).join(',')}${trailing && entries.length > 0 ? ',' : ''}}`,
    ),
})).value;

/** A tree without `parent` links (they make cycles), aliases' targets as where they point, as plain data, for deep comparison. */
export function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v !== null && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'target')
        o[k] =
          x === undefined
            ? undefined
            : { type: (x as { type: string }).type, offset: (x as { offset: number }).offset };
      else if (k !== 'parent') o[k] = strip(x);
    }
    return o;
  }
  return v;
}

/** The seed of a differential property: fixed (printed), or FAST_YAML_SEED to replay. */
export function fixedSeed(name: string, fixed: number): number {
  return testSeed(name, fixed, 'FAST_YAML_SEED');
}
