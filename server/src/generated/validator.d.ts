// Types of the validator that scripts/gen-validator.mjs generates at build time (validator.js).
import type { ErrorObject } from 'ajv';

declare const validate: ((data: unknown) => boolean) & {
  errors?: ErrorObject[] | null;
  /** How many list items were answered from the memos of their errors (scripts/gen-validator.mjs memoListItems). */
  itemMemo: { replayed: number };
};
export = validate;
