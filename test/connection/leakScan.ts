// Collects everything printed or logged during the tests and checks that no credential is in it.
import assert from 'node:assert/strict';

export class LeakScanner {
  private readonly texts: { where: string; text: string }[] = [];
  private readonly secrets = new Set<string>();

  addSecrets(...secrets: (string | undefined)[]): void {
    for (const s of secrets) if (s) this.secrets.add(s);
  }

  /** Records a text (a report, a formatted report, CLI output, a log line). */
  add(where: string, value: unknown): void {
    this.texts.push({ where, text: typeof value === 'string' ? value : JSON.stringify(value) });
  }

  get count(): number {
    return this.texts.length;
  }

  assertClean(): void {
    assert.ok(this.secrets.size > 0, 'the leak scan knows no secrets');
    for (const { where, text } of this.texts) {
      for (const s of this.secrets) {
        assert.ok(!text.includes(s), `a credential (${s.slice(0, 4)}…) appears in ${where}`);
      }
      // Any JWT at all (even one we did not see issued) is a leak.
      assert.doesNotMatch(text, /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\./, `a JWT appears in ${where}`);
    }
  }
}
