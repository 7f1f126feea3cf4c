// A mistyped option or command gets "Did you mean …?" (REVIEW9 K5), as ESLint ("perhaps you meant")
// and git say it: the candidates are the command's own help text, so a new option is suggested
// as soon as its help line exists. Usage errors stay exit 2 and keep naming the help.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './helpers';

const usage = (args: string[]): string => {
  const r = runCli(args);
  assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
  assert.equal(r.stdout, '');
  return r.stderr;
};

test('a slip of a lint option names the option meant', () => {
  assert.equal(
    usage(['lint', '--max-warning', '0', 'x.assistant.yaml']),
    "assistant-config: Unknown option '--max-warning'. Did you mean '--max-warnings'? See 'assistant-config lint --help'.\n",
  );
  assert.match(usage(['lint', '--quite', '.']), /Unknown option '--quite'\. Did you mean '--quiet'\?/);
  assert.match(usage(['lint', '--fromat', 'json', '.']), /Did you mean '--format'\?/);
  assert.match(usage(['lint', '--no-env-checks', '.']), /Did you mean '--no-env-check'\?/);
  // A long option is compared with long ones: `--out` is `--output-file`, not `-o`.
  assert.match(usage(['lint', '--out', 'r.txt', '.']), /Did you mean '--output-file'\?/);
  // Several as close: each is named.
  assert.match(usage(['lint', '--conf', 'c.yaml', '.']), /Did you mean '--config' or '--no-config'\?/);
  // With its value glued on, the name alone is compared.
  assert.match(
    usage(['lint', '--max-warning=0', '.']),
    /Unknown option '--max-warning=…'\. Did you mean '--max-warnings'\?/,
  );
  // Nothing near: no guess.
  assert.equal(
    usage(['lint', '--zzzzzzzz', '.']),
    "assistant-config: Unknown option '--zzzzzzzz'. See 'assistant-config lint --help'.\n",
  );
});

test('a slip of a format option, of a command and of --version', () => {
  assert.match(usage(['format', '--chek', '.']), /Unknown option '--chek'\. Did you mean '--check'\?/);
  assert.match(usage(['format', '--stdin-file-path', 'a.yaml']), /Did you mean '--stdin-filepath'\?/);
  assert.match(usage(['lnt', '.']), /^assistant-config: Unknown command 'lnt'\. Did you mean 'lint'\?\n/);
  assert.match(usage(['explian', 'duplicate-key']), /Did you mean 'explain'\?/);
  assert.match(usage(['test-conection']), /Did you mean 'test-connection'\?/);
  assert.match(usage(['--verison']), /Unknown command '--verison'\. Did you mean '--version'\?/);
  assert.doesNotMatch(usage(['deploy']), /Did you mean/);
});
