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
