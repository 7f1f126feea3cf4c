// `assistant-config explain CODE`: the code's page (what it means, an example, the fix, how to
// silence it), the same Markdown as docs/codes/<code>.md and the editor's codeDescription link.
import { join, relative } from 'node:path';
import { CODES } from '../service';
import type { DiagnosticCode } from '../service';
import { codeDocMarkdown } from '../service/codeDocs';
import type { CliIO } from './io';
import { UsageError } from './io';
import { visible, visiblePath } from './visible';
import { CliProjectConfig } from './projectConfig';
import { PROJECT_CONFIG_FILE } from '../service/projectConfig';

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
  io.stdout(codeDocMarkdown(code as DiagnosticCode) + hereText(code as DiagnosticCode, io));
  return 0;
}

/**
 * The code's level in the project config in force in the working directory, and which file set it
 * (that config, or one it `extends`): empty where no config is in force.
 */
function hereText(code: DiagnosticCode, io: CliIO): string {
  const cfg = new CliProjectConfig(io, { kind: 'walk' }).forFile(join(io.cwd, PROJECT_CONFIG_FILE));
  if (!cfg) return '';
  const shown = (p: string): string => '`' + visiblePath(relative(io.cwd, p) || p) + '`';
  const level = cfg.rules[code];
  const from = cfg.from?.rules[code] ?? cfg.path;
  const said =
    level === undefined
      ? `${shown(cfg.path)} (the project config in force here${cfg.extends ? ', with what it extends' : ''}) does not set \`${code}\`: it is **${CODES[code].severity}**, its default.`
      : `\`${code}\` is **${level}** here: set in ${shown(from)}${from === cfg.path ? '' : `, which ${shown(cfg.path)} (the project config in force here) extends`}.`;
  return ['', '## In this directory', '', said, ''].join('\n');
}
