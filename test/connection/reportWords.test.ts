// REPORT_WORDS (server/src/shared/reportWords.ts) must hold every word of our own Test Connection
// texts: a word missing there would be cut out of our report again when a credential is made of
// words (REVIEW4 G25). The words are read from the string literals and the fixed parts of the
// template literals of the modules that write those texts.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { REPORT_WORDS } from '../../server/src/shared/reportWords';

const SOURCES = [
  ...readdirSync('server/src/connection')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('server/src/connection', f)),
  'server/src/cli/testConnection.ts',
  'client/src/connection.ts',
];

function wordsOf(file: string): Set<string> {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const words = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return;
    const text =
      ts.isStringLiteral(n) ||
      ts.isNoSubstitutionTemplateLiteral(n) ||
      ts.isTemplateHead(n) ||
      ts.isTemplateMiddle(n) ||
      ts.isTemplateTail(n)
        ? n.text
        : undefined;
    for (const w of text?.match(/[A-Za-z]{3,}/g) ?? []) words.add(w.toLowerCase());
    ts.forEachChild(n, visit);
  };
  visit(src);
  return words;
}

test('every word of the Test Connection texts is in REPORT_WORDS', () => {
  const missing: string[] = [];
  for (const file of SOURCES) for (const w of wordsOf(file)) if (!REPORT_WORDS.has(w)) missing.push(`${w} (${file})`);
  assert.deepEqual(missing, [], 'add these words to server/src/shared/reportWords.ts');
  assert.ok(REPORT_WORDS.has('threads') && REPORT_WORDS.has('project') && REPORT_WORDS.has('assistant'));
});
