// A report printed as it goes: a JSON document, as `JSON.stringify(doc, null, 2)` writes it, whose one
// long array (the files, the results, the findings) is written an item at a time, so that a closed
// standard output (`lint --format json . | head`) is seen while the run goes and the run can stop
// (lint.ts shouldStop), as the text format's can (REVIEW14 F6). The bytes are those of the document
// written whole.
import type { FileReport, RunOutcome } from './report';

/** What `lint` prints of a streamed format: each file's part as it comes, then the rest. */
export interface ReportStream {
  /** The file's part of the document (the document's start before the first). */
  file(r: FileReport): string;
  /** The rest of the document, once the run's outcome is known (all of it when no file came); '' after the first call. */
  end(run: RunOutcome): string;
}

const PLACE = '\u0000streamed-array\u0000';

/** `doc` with the array to stream replaced by `streamedArray()`. */
export function streamedArray(): unknown {
  return PLACE;
}

/**
 * The text of `doc` (holding `streamedArray()` once) before and after that array, and the indentation
 * of the line the array starts on.
 */
function split(doc: unknown): { head: string; tail: string; indent: string } {
  const text = JSON.stringify(doc, null, 2);
  const token = JSON.stringify(PLACE);
  const at = text.indexOf(token);
  if (at < 0 || text.indexOf(token, at + 1) >= 0) throw new Error('a streamed document holds its array once');
  const lineStart = text.lastIndexOf('\n', at) + 1;
  return {
    head: text.slice(0, at),
    tail: text.slice(at + token.length),
    indent: /^ */.exec(text.slice(lineStart))![0],
  };
}

/**
 * A streamed document: `skeleton(run)` is the document with `streamedArray()` where the array goes
 * (the parts before it must not depend on `run`); `items` are a file's elements of the array;
 * `last(run)` the elements that end it.
 */
export function jsonStream(
  skeleton: (run: RunOutcome | undefined) => unknown,
  items: (r: FileReport) => unknown[],
  last: (run: RunOutcome) => unknown[] = () => [],
): ReportStream {
  let begun = false;
  let first = true;
  let ended = false;
  const { head, indent } = split(skeleton(undefined));
  const inner = indent + '  ';
  const start = (): string => {
    if (begun) return '';
    begun = true;
    return head + '[';
  };
  const text = (values: readonly unknown[]): string => {
    let s = '';
    for (const v of values) {
      s += `${first ? '\n' : ',\n'}${inner}${JSON.stringify(v, null, 2).replace(/\n/g, '\n' + inner)}`;
      first = false;
    }
    return s;
  };
  return {
    file: (r) => {
      const values = items(r);
      return values.length === 0 && begun ? '' : start() + text(values);
    },
    end: (run) => {
      // Once: an error after the end was printed (lint.ts's catch) must not print a second end.
      if (ended) return '';
      ended = true;
      return start() + text(last(run)) + (first ? ']' : `\n${indent}]`) + split(skeleton(run)).tail + '\n';
    },
  };
}
