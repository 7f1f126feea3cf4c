import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layering (ARCHITECTURE.md), checked here rather than kept by habit. test/lint/layering.test.ts
// lints fixture files with this config to show that each rule rejects what it should.
const nodeBuiltins = {
  regex: `^(node:.*|(${builtinModules.map((m) => m.replace(/[/]/g, '\\/')).join('|')})(/.*)?)$`,
  message:
    'parser/, model/ and service/ use no Node API: they must run in a web worker. I/O comes in through interfaces filled by lsp/ and the CLI.',
};
const vscodePackages = {
  regex: '^vscode($|-|/)',
  message: 'parser/, model/ and service/ import no vscode or vscode-* package: only lsp/ speaks the protocol.',
};
const upward = (layer, forbidden) => ({
  regex: `^(\\.\\./)+(${forbidden.join('|')})($|/)`,
  message: `${layer} does not import ${forbidden.join(', ')}: arrows point down only.`,
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '**/node_modules/**',
      'test-results/**',
      'server/src/generated/**',
      'test/e2e/.cache/**',
      'test/fixtures/lint/**',
      '*.vsix',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware linting (strictTypeChecked) on the product code. Tests and scripts keep the rules
  // above: type-aware linting of every test file would multiply the lint time of npm test, and
  // node:test's test()/describe() return promises by design (no-floating-promises does not fit).
  ...tseslint.configs.strictTypeChecked.map((c) => ({ ...c, files: ['server/src/**/*.ts', 'client/src/**/*.ts'] })),
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // With noUncheckedIndexedAccess, `xs[i]!` after a bounds check is how this code reads an
      // element it has just proved present; the rule would replace each with a runtime check.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Numbers and booleans in messages are meant; objects and undefined are still refused.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `while (true)` / `for (;;)` loops that end by break or return are this code's style (as
      // no-constant-condition's checkLoops: false says below).
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'warn',
      'no-constant-condition': ['warn', { checkLoops: false }],
    },
  },
  {
    files: ['server/src/parser/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeBuiltins,
            vscodePackages,
            upward('parser/', ['model', 'service', 'lsp', 'connection', 'cli', 'shared']),
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, vscodePackages, upward('model/', ['service', 'lsp', 'connection', 'cli'])] },
      ],
    },
  },
  {
    files: ['server/src/service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [nodeBuiltins, vscodePackages, upward('service/', ['lsp', 'connection', 'cli'])] },
      ],
    },
  },
  {
    files: ['server/src/parser/**/*.ts', 'server/src/model/**/*.ts', 'server/src/service/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', '__dirname', '__filename', 'setImmediate'].map((name) => ({
          name,
          message: 'parser/, model/ and service/ use no Node API: they must run in a web worker.',
        })),
      ],
    },
  },
  {
    files: ['server/src/lsp/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Exceptions: four light modules that the server needs before it loads the engine
              // (lsp/engine.ts, imported lazily); importing the index there would load the whole
              // service at startup (about +40 ms of cold start, measured).
              regex: '^\\.\\./service/(?!(codes|credentialShapes|dotenv|validation/rule)$)',
              message: 'lsp/ reaches the service only through its index (../service).',
            },
            {
              regex: '^\\.\\./(parser|model|connection|cli)($|/)',
              message: 'lsp/ reaches the parser and the model through the service index (../service).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/src/(?!shared($|/))',
              message: 'The client imports server code only from the shared module, server/src/shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        fetch: 'readonly',
      },
    },
  },
);
