// REVIEW6 I11's file (Python SDK habits: snake_case keys, SCREAMING_CASE safety levels) and what one
// `lint --fix` makes of it: every key renamed, every value kept (the safety levels' case and
// separator slips written as the spec spells them).
const H = 'kind: AssistantConfig\nversion: v2\n';

export const SNAKE = `${H}definition:
  llm:
    provider: cloud_b
    model_id: gemini-1.5-pro
    cloud_project: acme
    cloud_location: us-central1
    cloud_service_account_key_json: {value_from_env: GCP_SA}
    safety_settings: {hate_speech: block_only_high, sexually_explicit: BLOCK_LOW_AND_ABOVE, civic_integrity: BLOCK_NONE}
  system_instructions: hi
  schema_selector: {type: llm_selector, llm: {provider: hosted}, max_items: 5, always_include: {tables: {a: [b]}}}
  ai_primitives_llm: {provider: vendor_a, api_key: {value_from_env: K}, base_url: "https://x/v1"}
  override_ai_primitives_llm: [{primitive_name: classify, llm: {provider: hosted}}]
  thread_title_generation: {enable: true}
  max_assistant_actions: 3
  context_window_limit: 1000
  feature_flags: {enable_automations: true}
`;

export const CAMEL = `${H}definition:
  llm:
    provider: cloud_b
    modelId: gemini-1.5-pro
    cloudProject: acme
    cloudLocation: us-central1
    cloudServiceAccountKeyJson: {valueFromEnv: GCP_SA}
    safetySettings: {hateSpeech: blockOnlyHigh, sexuallyExplicit: blockLowAndAbove, civicIntegrity: blockNone}
  systemInstructions: hi
  schemaSelector: {type: llm_selector, llm: {provider: hosted}, maxItems: 5, alwaysInclude: {tables: {a: [b]}}}
  aiPrimitivesLlm: {provider: vendor_a, apiKey: {valueFromEnv: K}, baseUrl: "https://x/v1"}
  overrideAiPrimitivesLlm: [{primitiveName: classify, llm: {provider: hosted}}]
  threadTitleGeneration: {enable: true}
  maxAssistantActions: 3
  contextWindowLimit: 1000
  featureFlags: {enable_automations: true}
`;
