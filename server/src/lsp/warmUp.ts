// The first edits of a session run code nothing has run before (the incremental parser's scalar and
// block patches, the unit cache's replay): compiled on the spot, they take several times as long as
// the next ones, and a user's first keystrokes in a file are the slow ones. Once the first document
// has its diagnostics, the server runs that path once on a small document of its own, while the
// editor is idle: a parse, Enter, a line deleted, lines pasted, characters typed, each validated.
// The loops that move every node after an edit run over the whole file on every patch: on a large
// file their first run, not yet compiled, was most of the first structural edit's time. They are run
// here over the sample's tree until compiled (parser/incremental.ts, `exerciseShifts`); the sample
// holds every kind of node a file has, so the compiled code meets no node shape it has not seen.
import type { ValidationOptions } from '../service';
import { exerciseShifts } from '../service';
import { AnalysisCache } from './documents';
import { OpenDocument } from './textDocument';

function sampleText(): string {
  const tables: string[] = [];
  for (let i = 0; i < 40; i++) {
    tables.push(
      `      # table ${i}`,
      `      - schemaName: ${i % 2 ? `s${i}` : `'s${i}'`}`,
      `        tableName: "t\\u005f${i}"`,
      `        columns:`,
      `          - a_${i}  # key`,
      `          - b_${i}`,
      `        description: [x, "y"]`,
    );
    if (i % 4 === 0) tables.push(`        sampleColumns: [c_${i},`, `          d_${i}]`);
  }
  return [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main',
    '    provider: hosted',
    '  systemInstructions: |',
    '    Answer briefly.',
    '  aiPrimitivesLlm: *main',
    '  threadTitleGeneration:',
    '    enable: true',
    '  maxAssistantActions: 12',
    '  featureFlags:',
    '    enable_visualizations_v2: false',
    '  contextWindowLimit: 128000.5',
    '  notes: ~',
    '  schemaSelector:',
    '    type: fixed',
    '    tables:',
    ...tables,
    '',
  ].join('\n');
}

/** Runs the edit path once on a built-in document; never throws. Returns how many list items were replayed. */
export function warmEditPath(options: ValidationOptions): number {
  try {
    const cache = new AnalysisCache(() => options);
    const uri = 'warm-up:/sample.assistant.yaml';
    const doc = new OpenDocument(uri, 'assistantconfig', 1, sampleText());
    cache.diagnostics(doc);
    const edit = (find: string, delta: number, remove: number, text: string): void => {
      const at = doc.getText().indexOf(find) + delta;
      if (at < delta) return;
      cache.recordChange(uri, doc.version + 1, { start: at, end: at + remove, text });
      const range = { start: doc.positionAt(at), end: doc.positionAt(at + remove) };
      doc.update([{ range, text }], doc.version + 1);
      cache.diagnostics(doc);
    };
    for (let round = 0; round < 2; round++) {
      edit('b_20', 3, 1, 'Z'); // a character replaced
      edit('b_20', 3, 0, 'q'); // typed
      edit('b_20', 3, 1, ''); // deleted
      edit('b_21\n', 4, 0, '\n          '); // Enter
      edit('b_21\n', 5, 11, ''); // the blank line deleted
      edit('b_22\n', 5, 0, '          - p\n          - q\n'); // lines pasted
      edit('- p\n', -10, 28, ''); // and deleted
    }
    const root = cache.parsed(doc).root;
    // 40 rounds over this tree (a few milliseconds) get both loops compiled.
    if (root) for (let i = 0; i < 40; i++) exerciseShifts(root);
    const replayed = cache.unitsReplayed(uri);
    cache.delete(uri);
    return replayed;
  } catch {
    // A warm-up that fails costs nothing but the warm-up.
    return 0;
  }
}
