// EnvironmentValue: exactly one of value/valueFromEnv, no literal credentials, valid and known variable names.
import type { Rule } from '../rule';
import { definition } from '../../../model/schema';
import { getProperty, resolve } from '../../../parser/ast';
import type { ObjectNode, PropertyNode } from '../../../parser/ast';
import { diag } from '../../codes';
import { suggestEnvName } from '../../envNames';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const envValueRule: Rule = {
  start(ctx) {
    const envSchema = definition('EnvironmentValue');
    return {
      visit(v) {
        if (v.resolved.schema !== envSchema || v.node.type !== 'object') return;
        const obj = v.node;
        const holder = v.prop?.key.value ?? 'this EnvironmentValue';
        const valueProp = getProperty(obj, 'value');
        const fromEnvProp = getProperty(obj, 'valueFromEnv');
        const anchor = anchorOf(obj, v.prop);
        if (valueProp && fromEnvProp) {
          ctx.report(diag('env-value-conflict', `'${holder}' has both 'value' and 'valueFromEnv'; keep exactly one.`, ...anchor, {
            related: [
              { offset: valueProp.key.offset, length: valueProp.key.length, message: "'value' is set here" },
              { offset: fromEnvProp.key.offset, length: fromEnvProp.key.length, message: "'valueFromEnv' is set here" },
            ],
          }));
        } else if (!valueProp && !fromEnvProp) {
          ctx.report(diag('env-value-conflict', `'${holder}' needs exactly one of 'valueFromEnv' (recommended) or 'value'; it has neither.`, ...anchor, { data: { missing: ['valueFromEnv'] } }));
        }
        const literal = resolve(valueProp?.value);
        if (valueProp && literal?.type === 'string') {
          ctx.report(diag('literal-secret', `'${holder}' holds a literal credential; use 'valueFromEnv' so the secret stays out of the file.`, literal.offset, literal.length, { data: { suggestion: suggestEnvName(obj) } }));
        }
        const name = resolve(fromEnvProp?.value);
        if (name?.type === 'string') {
          if (!ENV_NAME.test(name.value)) {
            // Not quoted: a credential pasted here by mistake must not reach the message.
            ctx.report(diag('invalid-env-name', `'valueFromEnv' must name an environment variable (letters, digits and '_', not starting with a digit); this is not a variable name.`, name.offset, name.length));
          } else if (ctx.options.env && !ctx.options.env.isDefined(name.value)) {
            ctx.report(diag('env-not-set', `Variable '${name.value}' is defined neither in the environment nor in the workspace .env file.`, name.offset, name.length));
          }
        }
      },
    };
  },
};

function anchorOf(obj: ObjectNode, prop: PropertyNode | undefined): [number, number] {
  if (prop) return [prop.key.offset, prop.key.length];
  return [obj.offset, Math.min(obj.length, 1)];
}
