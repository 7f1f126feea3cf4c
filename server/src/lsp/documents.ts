// Open documents and their analysis, cached per version: parsed once, validated once per version.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Language, ParsedDocument } from '../parser';
import { languageOf } from '../parser';
import type { Diagnostic, ValidationOptions } from '../service';
import { parseWithLimits, validate } from '../service';

interface Entry {
  version: number;
  doc: ParsedDocument;
  diagnostics?: Diagnostic[];
  /** Milliseconds the last validation of this document took, to size the debounce. */
  cost: number;
}

export class AnalysisCache {
  private readonly entries = new Map<string, Entry>();
  private lastCost = new Map<string, number>();

  constructor(private options: () => ValidationOptions) {}

  languageOf(doc: TextDocument): Language {
    if (doc.languageId === 'assistantconfig-json' || doc.languageId === 'json' || doc.languageId === 'jsonc') return 'json';
    if (doc.languageId === 'assistantconfig' || doc.languageId === 'yaml') return 'yaml';
    return languageOf(doc.uri, doc.getText());
  }

  parsed(doc: TextDocument): ParsedDocument {
    const e = this.entries.get(doc.uri);
    if (e && e.version === doc.version) return e.doc;
    const parsed = parseWithLimits(doc.getText(), this.languageOf(doc), this.options());
    this.entries.set(doc.uri, { version: doc.version, doc: parsed, cost: this.lastCost.get(doc.uri) ?? 0 });
    return parsed;
  }

  diagnostics(doc: TextDocument): Diagnostic[] {
    const parsed = this.parsed(doc);
    const e = this.entries.get(doc.uri)!;
    if (!e.diagnostics) {
      const t0 = performance.now();
      e.diagnostics = validate(parsed, this.options());
      e.cost = performance.now() - t0;
      this.lastCost.set(doc.uri, e.cost);
    }
    return e.diagnostics;
  }

  /** Diagnostics if they are already computed for this version. */
  cachedDiagnostics(doc: TextDocument): Diagnostic[] | undefined {
    const e = this.entries.get(doc.uri);
    return e && e.version === doc.version ? e.diagnostics : undefined;
  }

  cost(uri: string): number {
    return this.lastCost.get(uri) ?? 0;
  }

  /** Settings changed: every document is validated again. */
  invalidateDiagnostics(): void {
    for (const e of this.entries.values()) e.diagnostics = undefined;
  }

  /** Settings that affect parsing changed. */
  clear(): void {
    this.entries.clear();
  }

  delete(uri: string): void {
    this.entries.delete(uri);
    this.lastCost.delete(uri);
  }
}
