// Offset ↔ line/character conversion, done once at the edge (CLI output, LSP ranges).

export interface Position {
  line: number;
  character: number;
}

export class LineIndex {
  private readonly starts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  positionAt(offset: number): Position {
    offset = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo]! };
  }

  offsetAt(pos: Position): number {
    if (pos.line >= this.starts.length) return this.text.length;
    if (pos.line < 0) return 0;
    const start = this.starts[pos.line]!;
    const next = pos.line + 1 < this.starts.length ? this.starts[pos.line + 1]! : this.text.length;
    return Math.max(start, Math.min(start + pos.character, next));
  }

  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line, this.starts.length - 1))]!;
  }
}

// Line geometry read straight from the text, for code that looks at a few lines near an offset
// (completion, quick fixes, formatting). The one copy of these helpers: line starts at offset 0
// (also when the text begins with a line break) and CRLF endings are handled here once.

/** Offset where the line holding `offset` starts. */
export function lineStart(text: string, offset: number): number {
  // lastIndexOf treats a negative start as 0 and would find a line break at offset 0 itself.
  return offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset where the line holding `offset` ends, before its `\n` or `\r\n` (never before `offset`). */
export function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  if (nl === -1) return text.length;
  return nl > offset && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
}

/** Offset just after the line break that ends the line holding `offset` (the text's length on the last line). */
export function nextLineStart(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl === -1 ? text.length : nl + 1;
}

/** Column of `offset` on its line, in UTF-16 code units. */
export function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/** Whether only blanks precede `offset` on its line. */
export function isLineLeading(text: string, offset: number): boolean {
  return text.slice(lineStart(text, offset), offset).trim() === '';
}

/** The document's line ending: `\r\n` when it has any, `\n` otherwise. */
export function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
