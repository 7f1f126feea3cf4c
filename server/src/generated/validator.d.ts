// Types of the validator that scripts/gen-validator.mjs generates at build time (validator.js).
import type { ErrorObject } from 'ajv';

declare const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
export = validate;
