// The command-line front: `assistant-config lint …` and `assistant-config test-connection …`.
import { processIO, UsageError } from './cli/io';
import type { CliIO } from './cli/io';
import { lintCommand } from './cli/lint';
import { VERSION } from './cli/version';

const HELP = `Usage: assistant-config <command> [options]

Commands:
  lint FILE|DIR|- ...   check AssistantConfig files (exit 1 when errors are found)
  test-connection       prove the project's credentials work against the service

Run 'assistant-config <command> --help' for a command's options.
`;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'lint':
        return await lintCommand(rest, io);
      case 'test-connection': {
        const { testConnectionCommand } = await import('./cli/testConnection');
        return await testConnectionCommand(rest, io);
      }
      case '--version':
      case '-v':
        io.stdout(VERSION + '\n');
        return 0;
      case undefined:
      case '-h':
      case '--help':
        io.stdout(HELP);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command '${command}'.\n\n${HELP}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`assistant-config: ${e.message}\n`);
      return 2;
    }
    io.stderr(`assistant-config: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}
