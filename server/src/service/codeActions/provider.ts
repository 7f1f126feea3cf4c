// What a quick-fix provider is: a small function from one diagnostic to the fixes it offers.
import type { ParsedDocument } from '../../parser/ast';
import type { Diagnostic } from '../codes';
import type { DotenvEdit, ServiceContext, TextEdit } from '../types';

export interface Fix {
  title: string;
  edits: TextEdit[];
  dotenv?: DotenvEdit;
  /** Edits of the repository's `.gitignore` (ServiceContext.dotenv.gitignore) made with the `.env` ones. */
  gitignore?: DotenvEdit;
  isPreferred?: boolean;
  /**
   * The same change without the placeholders this fix also inserts (a variant's required fields with
   * guessed values, such as an invented variable name): what `--fix` applies, unattended, instead.
   * The user picks the full fix in the editor, sees its tab stops and fills them in.
   */
  withoutPlaceholders?: Fix;
  /**
   * The fix only moves the user's lines where they meant them (an indentation slip's lines indented
   * under the key left empty): what the moved text says there is the file's own, and `--fix` applies
   * it even when that is an error (a `fallback` that lacks its `endpoint`), unless the file parses worse.
   */
  movesOnly?: true;
  /**
   * The fix only makes the text read as the user meant it (a space after a glued `key:`): the value
   * it separates is what they wrote, and that value's own errors are the file's, not the fix's
   * (`--fix` keeps it and fixes or reports them: REVIEW6 I12).
   */
  valueAsWritten?: boolean;
  /**
   * A choice only the user can make (which provider they meant: REVIEW7 J3): offered, maybe
   * preferred in the editor, never applied by `--fix` or Fix all.
   */
  editorOnly?: true;
}

export type FixProvider = (doc: ParsedDocument, diagnostic: Diagnostic, ctx: ServiceContext) => Fix[];

/** `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`. */
export function names(keys: readonly string[]): string {
  const q = keys.map((k) => `'${k}'`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]!}`;
}
