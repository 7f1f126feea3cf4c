// The command-line front: `assistant-config lint …` and `assistant-config test-connection …`.
import { isUsageError, processIO, usageMessage, UsageError } from './cli/io';
import type { CliIO } from './cli/io';
import { lintCommand } from './cli/lint';
import { VERSION } from './cli/version';
import { commandsOf, didYouMean, optionsOf } from './cli/suggest';
import { visible } from './cli/visible';

const HELP = `Usage: assistant-config <command> [options]

Commands:
  lint FILE|DIR|- ...   check AssistantConfig files (exit 1 when errors are found)
  format FILE|DIR|- ... format with the editor's formatter (--check, --write, --stdin-filepath)
  explain CODE          what a diagnostic code means, an example, the fix, how to silence it
  test-connection       prove the project's credentials work against the service

Options: --version (with any command), -h/--help.

Run 'assistant-config <command> --help' for a command's options.
`;

export async function main(argv: string[], io: CliIO, signal?: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  // --version is understood everywhere, before or after a command (not after a `--`).
  const end = argv.indexOf('--');
  if ((end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--version' || a === '-v' || a === '-V')) {
    io.stdout(VERSION + '\n');
    return 0;
  }
  try {
    switch (command) {
      case 'lint':
        return await lintCommand(rest, io);
      case 'test-connection': {
        const { testConnectionCommand } = await import('./cli/testConnection');
        return await testConnectionCommand(rest, io, signal);
      }
      case 'format': {
        const { formatCommand } = await import('./cli/format');
        return await formatCommand(rest, io);
      }
      case 'explain': {
        const { explainCommand } = await import('./cli/explain');
        return explainCommand(rest, io);
      }
      case undefined:
        // No command is a usage error: the help goes where errors go (REVIEW11 C10), stdout stays empty.
        io.stderr(HELP);
        return 2;
      case '-h':
      case '--help':
        io.stdout(HELP);
        return 0;
      default:
        throw new UsageError(
          `Unknown command '${visible(command)}'.${command.startsWith('-') ? didYouMean(command, optionsOf(HELP)) : didYouMean(command, commandsOf(HELP))}\n\n${HELP}`,
        );
    }
  } catch (e) {
    if (isUsageError(e)) {
      // Arguments and paths quoted by a message are shown escaped, line by line, credential shapes masked (cli/io.ts).
      io.stderr(`assistant-config: ${usageMessage(e.message)}\n`);
      return 2;
    }
    io.stderr(`assistant-config: internal error: ${usageMessage(e instanceof Error ? e.message : String(e))}\n`);
    return 2;
  }
}

/** The process's run: dist/cli.js (cli/launch.ts) calls it once the bundle is loaded. */
export function run(): void {
  // Ctrl-C cancels a running Test Connection cleanly (its report says so); a second one exits.
  const abort = new AbortController();
  process.once('SIGINT', () => {
    abort.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  const io = processIO();
  main(process.argv.slice(2), io, abort.signal).then(
    (code) => {
      process.exitCode = io.stdoutFailed() ? 2 : code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}

if (require.main === module) run();
