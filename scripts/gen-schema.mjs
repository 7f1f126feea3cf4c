// Writes schemas/assistant-config.schema.json: the one description of the AssistantConfig v2 format.
// Everything here comes from ../shared/spec/assistant-service-spec.md; run `node scripts/gen-schema.mjs`
// after editing, and a test checks that the committed schema matches.
import { writeFileSync } from 'node:fs';

const ref = (name) => ({ $ref: `#/definitions/${name}` });
const nullable = (schema) => ({ anyOf: [schema, { type: 'null' }] });
const doc = (text, extra = {}) => ({ description: text.replace(/`/g, ''), markdownDescription: text, ...extra });
const str = (text, extra) => ({ type: ['string', 'null'], ...doc(text, extra) });
const reqStr = (text, extra) => ({ type: 'string', ...doc(text, extra) });
const int = (text) => ({ type: ['integer', 'null'], ...doc(text) });
const env = (text) => ({
  ...ref('EnvironmentValue'),
  ...doc(
    `${text}\n\nAn EnvironmentValue: exactly one of \`valueFromEnv\` (the name of a secret or environment variable, recommended) or \`value\` (a literal).`,
  ),
});
const fallback = {
  ...nullable(ref('LlmConfig')),
  ...doc("LLM used if this provider's API is unavailable. Any LLM config, nested to any depth."),
};

const selectors = [
  ['all', 'AllSchema', 'Includes all available schemas.'],
  ['fixed', 'FixedSchema', 'Includes exactly the listed tables and columns.'],
  ['llm_selector', 'SchemaSelector', 'An LLM selects the schema items relevant to each question.'],
];
const blockTypes = [
  ['blockNone', 'Never blocks (always shown).'],
  ['blockOnlyHigh', 'Blocks when there is a high probability of unsafe content.'],
  ['blockMediumAndAbove', 'Blocks when there is a medium or high probability of unsafe content.'],
  ['blockLowAndAbove', 'Blocks when there is a low, medium or high probability of unsafe content.'],
];
const primitives = [
  ['classify', 'Classification.'],
  ['summarize', 'Summarization (also the default LLM for thread title generation).'],
  ['extract', 'Extraction.'],
  ['visualize', 'Visualization.'],
];

const discriminator = (prop, value, text) => ({ type: 'string', const: value, ...doc(text) });
const providerDoc = (value, title) => `Selects the \`${value}\` variant (${title}).`;

function variant(value, title, text, properties, required) {
  return {
    type: 'object',
    title,
    ...doc(`**${title}** (\`provider: ${value}\`): ${text}`),
    properties: { provider: discriminator('provider', value, providerDoc(value, title)), ...properties },
    required: ['provider', ...required],
    additionalProperties: false,
  };
}

// `serviceMeaning` says what a field is to the service where variants name it differently: 'address',
// the LLM API's address (the spec's `baseUrl`, "Default URL when absent", and `endpoint`, "Endpoint of
// the LLM API"), 'model' (`model`, `modelId`) and 'region' (`cloudLocation`, "Region-style location", and
// `regionName`). The engine makes addresses links and checks their
// scheme (url-scheme); switching the provider carries a value to the new variant's field of the same
// meaning. An annotation of the engine's copy only: the published schema leaves it out (genericShape).
const address = { serviceMeaning: 'address' };
// `names` marks a string that names an object of the database the service reads ('schema', 'table',
// 'column', 'function'): matched by name, so `*` or `sales_*` is no pattern (wildcard-name).
// `emptyMeansAll` marks the list whose empty value the spec gives a meaning ("Empty list means all
// columns are included"). Annotations of the engine's copy only, like `serviceMeaning`.
const names = (what) => ({ names: what });
const modelMeaning = { serviceMeaning: 'model' };
const region = { serviceMeaning: 'region' };
const model = str("Model name. The provider's default model is used when absent.", modelMeaning);
const apiKeyed = (value, title, text) =>
  variant(
    value,
    title,
    text,
    {
      model,
      baseUrl: str("Base URL of the API. The provider's default URL is used when absent.", address),
      apiKey: env('API key of the provider.'),
      fallback,
    },
    ['apiKey'],
  );

// The variant table: the only list of LLM providers. Everything else derives from it: the
// discriminated union, its snippets (required fields with placeholders), the prose that counts and
// names the variants, the discriminator docs; code, tests, benchmarks and READMEs read the schema.
// A new provider is one row here (test/schema/eighth-variant.test.ts proves it).
export const providers = [
  {
    value: 'hosted',
    name: 'HostedLlmConfig',
    text: 'LLM configured by the platform. Needs no credentials.',
    schema: variant(
      'hosted',
      'HostedLlmConfig',
      'the LLM configured by the platform.',
      {
        fallback,
        specificLlm: {
          ...nullable(ref('LlmConfig')),
          ...doc(
            'An optional LLM config of any variant. The spec lists this field without describing how the service uses it.',
          ),
        },
      },
      [],
    ),
  },
  {
    value: 'vendor_a',
    name: 'VendorALlmConfig',
    text: 'Vendor A LLM API, authenticated with an API key.',
    schema: apiKeyed('vendor_a', 'VendorALlmConfig', "Vendor A's LLM API."),
  },
  {
    value: 'vendor_b',
    name: 'VendorBLlmConfig',
    text: 'Vendor B LLM API, authenticated with an API key (same fields as vendor_a).',
    schema: apiKeyed('vendor_b', 'VendorBLlmConfig', "Vendor B's LLM API (same fields and rules as vendor_a)."),
  },
  {
    value: 'cloud_a',
    name: 'CloudALlmConfig',
    text: 'Cloud A LLM API at your own endpoint, authenticated with an API key.',
    schema: variant(
      'cloud_a',
      'CloudALlmConfig',
      "Cloud A's LLM API at your endpoint.",
      {
        apiVersion: str('API version. The default version is used when absent.'),
        model,
        endpoint: reqStr('Endpoint of the LLM API.', address),
        apiKey: env('API key for the endpoint.'),
        fallback,
      },
      ['endpoint', 'apiKey'],
    ),
  },
  {
    value: 'vendor_c',
    name: 'VendorCLlmConfig',
    text: 'Vendor C LLM API, authenticated with an API key, with optional safety settings.',
    schema: variant(
      'vendor_c',
      'VendorCLlmConfig',
      "Vendor C's LLM API.",
      {
        model,
        apiKey: env('API key of the provider.'),
        safetySettings: { ...nullable(ref('SafetySettings')), ...doc('Content safety thresholds.') },
        fallback,
      },
      ['apiKey'],
    ),
  },
  {
    value: 'cloud_b',
    name: 'CloudBLlmConfig',
    text: 'Cloud B LLM in a cloud project and location, authenticated with a service-account key JSON.',
    schema: variant(
      'cloud_b',
      'CloudBLlmConfig',
      "Cloud B's LLM in a cloud project.",
      {
        modelId: reqStr('Model identifier.', modelMeaning),
        cloudProject: reqStr('Project identifier of the cloud account.'),
        cloudLocation: reqStr('Region-style location, for example `us-central1`.', region),
        cloudServiceAccountKeyJson: env('Service-account key JSON.'),
        safetySettings: { ...nullable(ref('SafetySettings')), ...doc('Content safety thresholds.') },
        fallback,
      },
      ['modelId', 'cloudProject', 'cloudLocation', 'cloudServiceAccountKeyJson'],
    ),
  },
  {
    value: 'cloud_c',
    name: 'CloudCLlmConfig',
    text: 'Cloud C LLM in a region, authenticated with an access key ID and secret access key.',
    schema: variant(
      'cloud_c',
      'CloudCLlmConfig',
      "Cloud C's LLM in a region.",
      {
        modelId: reqStr('Model identifier.', modelMeaning),
        regionName: reqStr('Region name, for example `us-east-1`.', region),
        cloudAccessKeyId: env('Access key ID of the cloud account.'),
        cloudSecretAccessKey: env('Secret access key of the cloud account.'),
        fallback,
      },
      ['modelId', 'regionName', 'cloudAccessKeyId', 'cloudSecretAccessKey'],
    ),
  },
];

const isEnvField = (schema) => schema?.$ref === '#/definitions/EnvironmentValue';
/** `cloudAccessKeyId` of `cloud_c` → `CLOUD_C_ACCESS_KEY_ID` (a leading `cloud` is not repeated). */
const envNameFor = (value, field) =>
  `${value}_${field.replace(/^cloud(?=[A-Z])/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2')}`.toUpperCase();
/** The snippet of a variant: its discriminator and each required field, a tab stop for each. */
function snippetBody({ value, schema }) {
  const body = { provider: value };
  let n = 0;
  for (const field of schema.required.filter((f) => f !== 'provider')) {
    n++;
    body[field] = isEnvField(schema.properties[field])
      ? { valueFromEnv: `\${${n}:${envNameFor(value, field)}}` }
      : `\${${n}:<${field}>}`;
  }
  return body;
}
const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const countWord = (n) => NUMBER_WORDS[n] ?? String(n);
const credentialFree = providers
  .filter((p) => p.schema.required.every((f) => f === 'provider' || !isEnvField(p.schema.properties[f])))
  .map((p) => `\`${p.value}\``);
const selectorSnippets = {
  all: { type: 'all' },
  fixed: { type: 'fixed', tables: [{ schemaName: '${1:<schemaName>}', tableName: '${2:<tableName>}', columns: [] }] },
  llm_selector: { type: 'llm_selector', llm: { provider: '${1:hosted}' } },
};

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://assistant-config.dev/schemas/assistant-config.schema.json',
  title: 'AssistantConfig',
  ...doc(
    'Project configuration of the Assistant Query Service (`kind: AssistantConfig`, `version: v2`): the LLM, system instructions, schema selection and other behaviour of the project.',
  ),
  type: 'object',
  properties: {
    $schema: {
      type: 'string',
      ...doc('Address of the JSON Schema that editors use for this file. Ignored by the service.'),
    },
    kind: {
      type: 'string',
      enum: ['AssistantConfig'],
      enumDescriptions: ['A project configuration object.'],
      ...doc('Kind of the object: always `AssistantConfig`.'),
    },
    version: {
      type: 'string',
      enum: ['v2'],
      enumDescriptions: ['Version 2 of the format, the only version described.'],
      ...doc('Version of the format: `v2` (the only version described).'),
    },
    definition: { ...ref('AssistantConfigV2'), ...doc('The configuration itself (AssistantConfigV2).') },
  },
  required: ['kind', 'version', 'definition'],
  additionalProperties: false,
  defaultSnippets: [
    {
      label: 'AssistantConfig',
      description: 'A minimal AssistantConfig v2 with the hosted LLM',
      body: { kind: 'AssistantConfig', version: 'v2', definition: { llm: { provider: '${1:hosted}' } } },
    },
  ],
  definitions: {
    AssistantConfigV2: {
      type: 'object',
      title: 'AssistantConfigV2',
      ...doc('**AssistantConfigV2**: the project configuration. Only `llm` is required.'),
      properties: {
        llm: { ...ref('LlmConfig'), ...doc('LLM used by the service.') },
        systemInstructions: str('Custom instructions supplied to every thread.'),
        schemaSelector: {
          ...nullable(ref('SchemaSelectorConfig')),
          ...doc('Schema selection. When absent, all tables and columns are included.'),
        },
        aiPrimitivesLlm: {
          ...nullable(ref('LlmConfig')),
          ...doc('Default LLM for AI primitives (classification, summarization, etc.).'),
        },
        overrideAiPrimitivesLlm: {
          type: 'array',
          items: ref('AiPrimitivesLlmConfig'),
          ...doc('Per-primitive LLM overrides: each entry names a primitive and the LLM used for it.'),
        },
        threadTitleGeneration: {
          ...nullable(ref('ThreadTitleGenerationConfig')),
          ...doc('Title generation for threads in the playground.'),
        },
        maxAssistantActions: int(
          'Maximum number of autonomous assistant actions before the process is interrupted. No default is given.',
        ),
        maxTableArtifactSampleRows: int(
          'Maximum number of rows of a table artifact shown to the LLM when sampling. No default is given.',
        ),
        featureFlags: {
          ...nullable(ref('AssistantFeatureFlags')),
          ...doc('Enables or disables experimental features.'),
        },
        contextWindowLimit: int("Maximum number of tokens used for a thread's context window. No default is given."),
      },
      required: ['llm'],
      additionalProperties: false,
    },
    AssistantFeatureFlags: {
      type: 'object',
      title: 'AssistantFeatureFlags',
      ...doc('**AssistantFeatureFlags**: experimental features. Additional custom keys are allowed.'),
      properties: {
        enable_automations: { type: ['boolean', 'null'], ...doc('Experimental automations feature.') },
        enable_visualizations: { type: ['boolean', 'null'], ...doc('Experimental visualizations feature.') },
        enable_visualizations_v2: { type: ['boolean', 'null'], ...doc('Experimental visualizations v2 feature.') },
        enable_visualizations_v3: { type: ['boolean', 'null'], ...doc('Experimental visualizations v3 feature.') },
      },
      additionalProperties: true,
    },
    ThreadTitleGenerationConfig: {
      type: 'object',
      title: 'ThreadTitleGenerationConfig',
      ...doc('**ThreadTitleGenerationConfig**: title generation for threads in the playground.'),
      properties: {
        enable: { type: 'boolean', default: true, ...doc('Whether titles are generated. Default `true`.') },
        llm: {
          ...nullable(ref('LlmConfig')),
          ...doc('LLM for title generation. When absent, the LLM of the `summarize` AI primitive is used.'),
        },
      },
      required: ['enable'],
      additionalProperties: false,
    },
    AiPrimitivesLlmConfig: {
      type: 'object',
      title: 'AiPrimitivesLlmConfig',
      ...doc('**AiPrimitivesLlmConfig**: the LLM used for one AI primitive.'),
      properties: {
        primitiveName: {
          ...ref('LlmPrimitive'),
          ...doc('Operation to override: `classify`, `summarize`, `extract` or `visualize`.'),
        },
        llm: { ...ref('LlmConfig'), ...doc('LLM used for that operation.') },
      },
      required: ['primitiveName', 'llm'],
      additionalProperties: false,
      defaultSnippets: [
        {
          label: 'primitive override',
          body: { primitiveName: '${1|classify,summarize,extract,visualize|}', llm: { provider: '${2:hosted}' } },
        },
      ],
    },
    LlmPrimitive: {
      title: 'LlmPrimitive',
      ...doc('An AI primitive: a string; the named primitives are `classify`, `summarize`, `extract` and `visualize`.'),
      anyOf: [
        { type: 'string', enum: primitives.map((p) => p[0]), enumDescriptions: primitives.map((p) => p[1]) },
        { type: 'string' },
      ],
    },
    SchemaSelectorConfig: {
      type: 'object',
      title: 'SchemaSelectorConfig',
      ...doc('**SchemaSelectorConfig**: one of three variants, chosen by `type`: `all`, `fixed` or `llm_selector`.'),
      discriminator: { propertyName: 'type' },
      properties: { type: { type: 'string', ...doc('Which schema selection variant this config uses.') } },
      required: ['type'],
      oneOf: selectors.map(([, name]) => ref(name)),
      defaultSnippets: selectors.map(([value, name, text]) => ({
        label: `type: ${value}`,
        description: `${name}: ${text}`,
        body: selectorSnippets[value],
      })),
    },
    AllSchema: {
      type: 'object',
      title: 'AllSchema',
      ...doc('**AllSchema** (`type: all`): includes all available schemas.'),
      properties: {
        type: discriminator('type', 'all', 'Selects the `all` variant (AllSchema): includes all available schemas.'),
      },
      required: ['type'],
      additionalProperties: false,
    },
    FixedSchema: {
      type: 'object',
      title: 'FixedSchema',
      ...doc('**FixedSchema** (`type: fixed`): includes exactly the listed tables.'),
      properties: {
        type: discriminator('type', 'fixed', 'Selects the `fixed` variant (FixedSchema): the listed tables.'),
        tables: {
          type: 'array',
          items: ref('FixedSchemaTable'),
          ...doc(
            'Tables to include, each listed once. An empty list includes no table (`type: all` includes every table).',
          ),
        },
      },
      required: ['type', 'tables'],
      additionalProperties: false,
    },
    FixedSchemaTable: {
      type: 'object',
      title: 'FixedSchemaTable',
      ...doc('**FixedSchemaTable**: one table and the columns to include.'),
      properties: {
        schemaName: reqStr('Name of the schema that holds the table.', names('schema')),
        tableName: reqStr('Name of the table.', names('table')),
        columns: {
          type: 'array',
          items: { type: 'string', ...names('column') },
          ...doc('Columns to include. An empty list means all columns are included.', { emptyMeansAll: true }),
        },
      },
      required: ['schemaName', 'tableName', 'columns'],
      additionalProperties: false,
      defaultSnippets: [
        { label: 'table', body: { schemaName: '${1:<schemaName>}', tableName: '${2:<tableName>}', columns: [] } },
      ],
    },
    SchemaSelector: {
      type: 'object',
      title: 'SchemaSelector',
      ...doc('**SchemaSelector** (`type: llm_selector`): an LLM selects the schema items.'),
      properties: {
        type: discriminator(
          'type',
          'llm_selector',
          'Selects the `llm_selector` variant (SchemaSelector): LLM-based selection.',
        ),
        llm: { ...ref('LlmConfig'), ...doc('LLM used for selection.') },
        maxItems: int('Maximum number of items selected. No default is given.'),
        instructions: str('Custom instructions for the selector.'),
        alwaysInclude: { ...nullable(ref('SchemaSelection')), ...doc('Items always included.') },
      },
      required: ['type', 'llm'],
      additionalProperties: false,
    },
    SchemaSelection: {
      type: 'object',
      title: 'SchemaSelection',
      ...doc('**SchemaSelection**: schema items always included.'),
      properties: {
        tables: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string', ...names('table') } },
          ...doc('Map of schema name to the list of its table names.'),
        },
        functions: { type: 'array', items: { type: 'string', ...names('function') }, ...doc('Function names.') },
      },
      additionalProperties: false,
    },
    LlmConfig: {
      type: 'object',
      title: 'LlmConfig',
      ...doc(
        `**LlmConfig**: one of ${countWord(providers.length)} variants, chosen by \`provider\`: ${providers.map((p) => `\`${p.value}\``).join(', ')}. Every variant but ${credentialFree.join(', ')} requires credentials as an EnvironmentValue; every variant has an optional \`fallback\`.`,
      ),
      discriminator: { propertyName: 'provider' },
      properties: {
        provider: { type: 'string', ...doc('Which LLM provider, and so which variant, this config uses.') },
      },
      required: ['provider'],
      oneOf: providers.map((p) => ref(p.name)),
      defaultSnippets: providers.map((p) => ({
        label: `provider: ${p.value}`,
        description: `${p.name}: ${p.text}`,
        body: snippetBody(p),
      })),
    },
    ...Object.fromEntries(providers.map((p) => [p.name, p.schema])),
    EnvironmentValue: {
      type: 'object',
      title: 'EnvironmentValue',
      ...doc(
        '**EnvironmentValue**: exactly one of `valueFromEnv` (the name of a secret or environment variable) or `value` (a literal string). Prefer `valueFromEnv` for credentials.',
      ),
      properties: {
        value: { type: 'string', ...doc('A literal value. Do not put credentials here: use `valueFromEnv`.') },
        valueFromEnv: { type: 'string', ...doc('Name of the secret or environment variable that holds the value.') },
      },
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      defaultSnippets: [{ label: 'valueFromEnv', body: { valueFromEnv: '${1:VARIABLE_NAME}' } }],
    },
    SafetySettings: {
      type: 'object',
      title: 'SafetySettings',
      ...doc('**SafetySettings**: a BlockType threshold per category; all optional.'),
      properties: Object.fromEntries(
        [
          ['harassment', 'harassment'],
          ['hateSpeech', 'hate speech'],
          ['sexuallyExplicit', 'sexually explicit content'],
          ['dangerous', 'dangerous content'],
          ['civicIntegrity', 'civic integrity'],
        ].map(([k, t]) => [k, { ...nullable(ref('BlockType')), ...doc(`Blocking threshold for ${t}: a BlockType.`) }]),
      ),
      additionalProperties: false,
    },
    BlockType: {
      type: 'string',
      title: 'BlockType',
      ...doc('When content is blocked.'),
      enum: blockTypes.map((b) => b[0]),
      enumDescriptions: blockTypes.map((b) => b[1]),
      markdownEnumDescriptions: blockTypes.map((b) => b[1]),
    },
  },
};

// enumDescriptions for the discriminators, used by completion and hover.
for (const { name, text } of providers) schema.definitions[name].properties.provider.enumDescriptions = [text];
for (const [, name, text] of selectors) schema.definitions[name].properties.type.enumDescriptions = [text];

/**
 * The published schema (schemas/, what yaml-language-server, VS Code's JSON service, check-jsonschema
 * and ajv read without our server): each discriminated union in the shape generic validators report
 * well. A `oneOf` makes them try every branch: `provider: vendr_a` drew "Missing property apiKey" from
 * a guessed variant and "Value must be" four of the seven providers (REVIEW5 H25). Here the
 * discriminator gets an `enum` of every variant's value (one "must be one of" on the value) and each
 * variant applies only where its value is written: `if: {type: object, properties: {provider:
 * {const: X}}, required: [provider]}, then: {$ref: X}`. The OpenAPI `discriminator`, which JSON Schema tools
 * ignore, is dropped. The same definitions otherwise, so the two shapes accept the same documents
 * (test/schema/shapes.test.ts).
 */
export function genericShape(engine) {
  // (Without the engine's own annotation: generic validators do not know it, ajv's strict mode rejects it.)
  const out = JSON.parse(
    JSON.stringify(engine, (k, v) =>
      ((k === 'serviceMeaning' || k === 'names') && typeof v === 'string') || (k === 'emptyMeansAll' && v === true)
        ? undefined
        : v,
    ),
  );
  for (const [name, def] of Object.entries(out.definitions)) {
    if (!def.discriminator || !def.oneOf) continue;
    const key = def.discriminator.propertyName;
    const variants = def.oneOf.map((branch) => {
      const p = out.definitions[branch.$ref.replace('#/definitions/', '')]?.properties?.[key];
      if (typeof p?.const !== 'string') throw new Error(`gen-schema: a variant of ${name} has no const '${key}'`);
      return { branch, value: p.const, text: p.enumDescriptions?.[0] ?? '' };
    });
    const entries = [];
    for (const [k, value] of Object.entries(def)) {
      let v = value;
      if (k === 'discriminator') continue;
      if (k === 'properties') {
        // No `type` beside the enum: `provider: 3` is one "not one of", not a type error too.
        const rest = Object.fromEntries(Object.entries(v[key]).filter(([k2]) => k2 !== 'type'));
        const values = variants.map((x) => x.value);
        const texts = variants.map((x) => x.text);
        v = { ...v, [key]: { enum: values, enumDescriptions: texts, markdownEnumDescriptions: texts, ...rest } };
      }
      if (k === 'oneOf')
        entries.push([
          'allOf',
          variants.map(({ branch, value }) => ({
            // `type: object` in the `if`: on a scalar (`llm: hosted`) every `if` would pass vacuously
            // and all seven `then`s speak (REVIEW8 K5); now only the union's own `type` does.
            if: { type: 'object', properties: { [key]: { const: value } }, required: [key] },
            then: branch,
          })),
        ]);
      else entries.push([k, v]);
    }
    out.definitions[name] = Object.fromEntries(entries);
  }
  return out;
}

const out = new URL('../schemas/assistant-config.schema.json', import.meta.url);
const engineOut = new URL('../server/src/generated/assistant-config.engine.schema.json', import.meta.url);
/** The published schema (the generic shape). */
export const schemaText = JSON.stringify(genericShape(schema), null, 2) + '\n';
/**
 * The engine's copy (server/src/generated, read by model/schema.ts and precompiled by gen-validator):
 * the unions as `oneOf` + `discriminator`, which ajv's discriminator keyword reads; the engine turns
 * its errors into one diagnostic per problem itself (service/validation/schemaErrors.ts).
 */
export const engineSchemaText = JSON.stringify(schema, null, 2) + '\n';
if (process.argv[1] && new URL(`file://${process.argv[1]}`).href === import.meta.url) {
  writeFileSync(out, schemaText);
  writeFileSync(engineOut, engineSchemaText);
}
