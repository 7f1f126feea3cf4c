// Open documents and their analysis, cached per version: parsed once, validated once per version.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Language, ParsedDocument, ValidationOptions } from '../service';
import { applyEdit, languageOf, parseWithLimits, patchedAt, UnitCache, validate } from '../service';

interface Edit {
  start: number;
  end: number;
  text: string;
}

interface Entry {
  version: number;
  doc: ParsedDocument;
  /** Edits received since `version`, in order, while they can still be applied to the tree. */
  pending?: { toVersion: number; edits: Edit[] };
  diagnostics?: Diagnostic[];
  /** Milliseconds the last validation of this document took, to size the debounce. */
  cost: number;
  /** What validation found in the list items of this document's tree, kept across patches (incremental validation). */
  units: UnitCache;
}

export class AnalysisCache {
  private readonly entries = new Map<string, Entry>();
  private lastCost = new Map<string, number>();

  /** `options(uri)`: the settings in force for a document (the project config can change them per file). */
  constructor(private options: (uri: string) => ValidationOptions) {}

  languageOf(doc: TextDocument): Language {
    if (doc.languageId === 'assistantconfig-json' || doc.languageId === 'json' || doc.languageId === 'jsonc')
      return 'json';
    if (doc.languageId === 'assistantconfig' || doc.languageId === 'yaml') return 'yaml';
    return languageOf(doc.uri, doc.getText());
  }

  /**
   * Records an incremental change (offsets in the text of version `toVersion - 1`), so the next
   * parse can patch the tree instead of reading the whole text again. `undefined` means a change
   * that cannot be replayed (a full replacement, several ranges): the next parse starts afresh.
   */
  recordChange(uri: string, toVersion: number, edit: Edit | undefined): void {
    const e = this.entries.get(uri);
    if (!e) return;
    const chainFrom = e.pending ? e.pending.toVersion : e.version;
    if (!edit || chainFrom !== toVersion - 1 || (e.pending?.edits.length ?? 0) > 32) {
      e.pending = undefined;
      e.version = -1;
      return;
    }
    e.pending = { toVersion, edits: [...(e.pending?.edits ?? []), edit] };
  }

  parsed(doc: TextDocument): ParsedDocument {
    const e = this.entries.get(doc.uri);
    if (e && e.version === doc.version) return e.doc;
    const text = doc.getText();
    let parsed: ParsedDocument | undefined;
    const units = e?.units ?? new UnitCache();
    if (e && e.pending && e.pending.toVersion === doc.version && e.version >= 0) {
      // What validation knows of the text (strings it does not contain) follows the edits.
      let before = e.doc.text;
      for (const ed of e.pending.edits) {
        units.textEdited(before, ed.start, ed.end, ed.text);
        if (e.pending.edits.length > 1) before = before.slice(0, ed.start) + ed.text + before.slice(ed.end);
      }
      parsed = e.doc;
      for (const ed of e.pending.edits) {
        parsed = applyEdit(parsed, ed.start, ed.end, ed.text, { maxDepth: this.options(doc.uri).maxNestingDepth });
        if (!parsed) break;
        // The list items that hold what the patch changed are validated again; the others are not.
        units.changed(patchedAt(parsed));
      }
      // The patched tree must stand for exactly this text; anything else is parsed afresh.
      if (parsed && parsed.text.length !== text.length) parsed = undefined;
      if (parsed) parsed = { ...parsed, text };
    } else units.textReplaced();
    if (!parsed) units.treeReplaced();
    parsed ??= parseWithLimits(text, this.languageOf(doc), this.options(doc.uri));
    this.entries.set(doc.uri, { version: doc.version, doc: parsed, cost: this.lastCost.get(doc.uri) ?? 0, units });
    return parsed;
  }

  diagnostics(doc: TextDocument): Diagnostic[] {
    const parsed = this.parsed(doc);
    const e = this.entries.get(doc.uri)!;
    if (!e.diagnostics) {
      const t0 = performance.now();
      e.diagnostics = validate(parsed, this.options(doc.uri), e.units);
      e.cost = performance.now() - t0;
      this.lastCost.set(doc.uri, e.cost);
    }
    return e.diagnostics;
  }

  /** How many list items validation took from the unit cache for this document (tests and the benchmark). */
  unitsReplayed(uri: string): number {
    return this.entries.get(uri)?.units.replayed ?? 0;
  }

  /** Of those, items holding an anchor, alias or merge key; and how many such items were walked again. */
  heldStats(uri: string): { replayed: number; walked: number } {
    const u = this.entries.get(uri)?.units;
    return { replayed: u?.replayedHeld ?? 0, walked: u?.heldWalked ?? 0 };
  }

  cost(uri: string): number {
    return this.lastCost.get(uri) ?? 0;
  }

  /** Settings changed: every document is validated again. */
  invalidateDiagnostics(): void {
    for (const e of this.entries.values()) {
      e.diagnostics = undefined;
      e.units.clear();
    }
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
