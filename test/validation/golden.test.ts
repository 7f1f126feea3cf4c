// Golden fixtures: each input beside its expected diagnostics (line:col range, severity, code, message).
import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { languageOf } from '../../server/src/parser';
import { ROOT, renderDiagnostics, assertGolden } from '../helpers';

const dir = join(ROOT, 'test/fixtures/validation');
const inputs = readdirSync(dir).filter((f) => /\.assistant\.(ya?ml|json)$/.test(f));

for (const name of inputs) {
  test(`golden: ${name}`, () => {
    const text = readFileSync(join(dir, name), 'utf8');
    const { diagnostics } = analyze(text, languageOf(name, text), DEFAULT_OPTIONS);
    assertGolden(
      join(dir, name.replace(/\.assistant\.(ya?ml|json)$/, '.$1.diagnostics.txt')),
      renderDiagnostics(text, diagnostics),
    );
  });
}
