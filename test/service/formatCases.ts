// What the formatter's property tests share: the variants of a base document (comment lines inserted
// at every line, at every indentation, alone and in pairs, then seeded random insertions of comments
// and blank lines) and what is compared (the data read by the `yaml` package, the comments in order).
import { Lexer, parseAllDocuments } from 'yaml';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome } from '../../server/src/service';
import { mulberry32 as rng } from '../helpers';

export const fmt = (text: string): string | undefined => {
  const outcome = formatDocumentOutcome(parse(text, 'yaml'), { tabSize: 2, insertSpaces: true });
  return outcome.refused !== undefined ? undefined : applyEdits(text, outcome.edits);
};

export const readable = (text: string): boolean => {
  const docs = parseAllDocuments(text, { uniqueKeys: false });
  return docs.every((d) => d.errors.length === 0) && !parse(text, 'yaml').problems.some((p) => p.kind === 'syntax');
};

export const data = (text: string): string =>
  JSON.stringify(
    parseAllDocuments(text, { uniqueKeys: false }).map((d) => [
      d.errors.map((e) => e.code),
      d.toJS({ maxAliasCount: -1 }),
    ]),
  );

export const comments = (text: string): string[] => {
  const out: string[] = [];
  for (const t of new Lexer().lex(text)) if (t.startsWith('#')) out.push(t.trimEnd());
  return out;
};

/** The documents to check: the bases with comment lines inserted at every place, then seeded random edits. */
export function* cases(BASES: readonly string[], SEED: number, randomCount = 250): Generator<[string, string]> {
  // The bases with an undefined anchor are completed so that every variant reads.
  const bases = BASES.map((b) => b.replace('<<: *shared', '<<: {model: m}'));
  let n = 0;
  for (const [b, base] of bases.entries()) {
    const lines = base.split('\n');
    for (let at = 0; at <= lines.length; at++) {
      for (const indent of [0, 2, 5]) {
        const pad = ' '.repeat(indent);
        const other = ' '.repeat(indent === 0 ? 2 : 0);
        const inserts = [
          [`${pad}# c${n}`],
          [`${pad}# c${n}`, `${other}# d${n}`],
          ['', `${pad}# c${n}`],
          [`${pad}# c${n}`, '', `${other}# d${n}`],
        ];
        for (const ins of inserts) {
          const t = [...lines.slice(0, at), ...ins, ...lines.slice(at)].join('\n');
          n++;
          yield [`base ${b}, line ${at}, ${JSON.stringify(ins)}`, t];
        }
      }
    }
  }
  const random = rng(SEED);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
  for (let k = 0; k < randomCount; k++) {
    const lines = pick(bases).split('\n');
    const edits = 1 + Math.floor(random() * 4);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(random() * (lines.length + 1));
      const kind = random();
      if (kind < 0.45) lines.splice(at, 0, `${' '.repeat(Math.floor(random() * 10))}# r${k}_${e}`);
      else if (kind < 0.75 && at < lines.length && lines[at]!.trim() !== '')
        lines[at] = `${lines[at]!}${' '.repeat(1 + Math.floor(random() * 3))}# t${k}_${e}`;
      else lines.splice(at, 0, '');
    }
    yield [`random ${k}`, lines.join('\n')];
  }
}
export { rng };
