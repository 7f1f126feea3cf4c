// `assistant-config explain CODE`: the code's page (what it means, an example, the fix, how to
// silence it), the same Markdown as docs/codes/<code>.md and the editor's codeDescription link.
import { CODES } from '../service';
import type { DiagnosticCode } from '../service';
import { codeDocMarkdown } from '../service/codeDocs';
import type { CliIO } from './io';
import { UsageError } from './io';
import { visible } from './visible';

const HELP = `Usage: assistant-config explain CODE
       assistant-config explain --list

Prints what a diagnostic code means, an example that triggers it, how to fix it and how to
silence it. --list prints every code with its default severity.
`;

export function explainCommand(args: string[], io: CliIO): number {
  if (args.includes('-h') || args.includes('--help')) {
    io.stdout(HELP);
    return 0;
  }
  const codes = Object.keys(CODES) as DiagnosticCode[];
  if (args.includes('--list')) {
    const w = Math.max(...codes.map((c) => c.length));
    io.stdout(codes.map((c) => `${c.padEnd(w)}  ${CODES[c].severity.padEnd(11)}  ${CODES[c].doc}`).join('\n') + '\n');
    return 0;
  }
  if (args.length !== 1 || args[0]!.startsWith('-'))
    throw new UsageError("explain needs one diagnostic code. See 'assistant-config explain --help'.");
  // Codes are lower case; any case is accepted (`explain LITERAL-SECRET`).
  const code = args[0]!.toLowerCase();
  if (!(code in CODES)) {
    const near = codes.filter((c) => c.includes(code) || code.includes(c));
    throw new UsageError(
      `Unknown diagnostic code '${visible(args[0]!)}'.${near.length ? ` Did you mean ${near.map((c) => `'${c}'`).join(' or ')}?` : ''} 'assistant-config explain --list' lists them.`,
    );
  }
  io.stdout(codeDocMarkdown(code as DiagnosticCode));
  return 0;
}
