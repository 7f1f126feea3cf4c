// The shape of a rule beyond the schema: it sees each typed visit and reports diagnostics.
import type { ArrayNode, Node, ParsedDocument } from '../../parser/ast';
import type { Visit } from '../../model/typedWalk';
import type { Diagnostic } from '../codes';

export interface EnvLookup {
  /** Whether a variable is defined in the environment or the document's `.env`. */
  isDefined(name: string): boolean;
  /**
   * Whether the variable really is set (the environment or the document's `.env`), where `isDefined`
   * answers yes for every name (`lint --no-env-check`); hosts whose `isDefined` always tells leave it
   * out. Asked about a bare string that may be a variable's name or the credential itself (REVIEW7
   * J4): a host that keeps the names it was asked about (the lint cache) must not keep one that is
   * not set, which may be a secret.
   */
  isSet?(name: string): boolean;
  /**
   * Whether the variable comes from the document's `.env` and git does not ignore that file (in a git
   * workspace): its secret could be committed; 'tracked': git tracks that file (committed, or staged
   * by `git add`), so the secret is in the repository's index already. Hosts that cannot tell leave this out.
   */
  exposedInDotenv?(name: string): boolean | 'tracked';
  /**
   * Whether the variable is set in the document's `.env` to an empty or blank value (`NAME=`,
   * `NAME=""`) and the environment does not define it (dotenv does not replace a variable the
   * environment has): set, but to nothing. Hosts that cannot tell leave this out.
   */
  emptyInDotenv?(name: string): boolean;
  /**
   * The document's `.env` as messages name it (`packages/api/.env`); null: no `.env` applies to the
   * document; left out: the host does not say (messages then say "its .env file").
   */
  readonly dotenvShown?: string | null;
  /**
   * Why no `.env` is read for the document (`the workspace is not trusted`), when the host reads
   * none on purpose: messages then say the environment alone was checked (dotenv.ts notDefinedWhere).
   */
  readonly dotenvNotRead?: string;
  /**
   * Why no process environment is read (`the browser has no environment variables to read`: the web
   * build): messages then name the `.env` alone, and say why (dotenv.ts notDefinedWhere).
   */
  readonly environmentNotRead?: string;
}

export interface ValidationOptions {
  /** Where `valueFromEnv` names are looked up; without it, `env-not-set` is not reported. */
  env?: EnvLookup;
  maxFallbackDepth: number;
  /** Where `maxFallbackDepth` was set, as `fallback-too-deep` names it (`maxFallbackDepth in …/.assistant-config.yaml`, `setting …`); without it, the default. */
  maxFallbackDepthSource?: string;
  maxAliasExpansion: number;
  maxFileSize: number;
  maxNestingDepth: number;
  /** Codes silenced in every file (JSON has no comments; setting `assistantConfig.suppress`, CLI `--suppress`). */
  suppress?: readonly string[];
}

export const DEFAULT_OPTIONS: ValidationOptions = {
  maxFallbackDepth: 16,
  maxAliasExpansion: 1_000_000,
  maxFileSize: 16 * 1024 * 1024,
  maxNestingDepth: 1000,
};

export interface RuleContext {
  doc: ParsedDocument;
  options: ValidationOptions;
  /**
   * Reports a finding. With `once`, only the first finding of that key in the document (in the
   * walk's order) is kept: a rule keeps no state across nodes, so that validation can replay a
   * subtree's findings from a cache (validation/units.ts).
   */
  report(d: Diagnostic, once?: string): void;
  /**
   * The editor's cache of a list's items grouped by a key (validation/units.ts `repeated`), kept
   * across edits; absent in a validation without a cache (the CLI), where `repeatedItems` reads the
   * list. Either answers the same groups.
   */
  lists?: { repeated(list: ArrayNode, keyOf: (item: Node) => string | undefined): Node[][] };
  /** Whether the document's text holds `needle`: the editor's cache knows it without a read of a large text. */
  has?(needle: string): boolean;
}

export interface Rule {
  /**
   * The node types whose visits the rule looks at: validation passes it no other (a visit of another
   * type would report nothing; test/validation/ruleTypes.test.ts checks that). All when absent.
   */
  on?: readonly Node['type'][];
  /**
   * Called for every node with its schema. What a rule reports about a node must depend only on that
   * node's subtree and its schema (no state across nodes but `report`'s `once`): the findings inside
   * an unchanged list item are replayed from a cache after an edit elsewhere.
   */
  start(ctx: RuleContext): { visit(v: Visit): void; end?(): void };
}
