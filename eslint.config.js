// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Deterministic simulation rules: sim/ is a pure function of (state, inputs, seed). */
const simRestrictedImports = {
  patterns: [
    {
      group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'net', 'worker_threads', 'child_process'],
      message: 'sim/ must not use Node builtins: pass what it needs in as data.',
    },
    {
      group: [
        '**/transport/**',
        '**/storage/**',
        '**/app/**',
        'fastify',
        'ws',
        'pg',
        'drizzle-orm',
        'drizzle-orm/*',
        '@electric-sql/*',
      ],
      message: 'sim/ must not import transport, storage or the composition root.',
    },
  ],
};

/**
 * The core of the simulation (the world, the tick, the registry, the player) knows no feature:
 * features hold their state in registry slots (sim/core/slots.ts) and hook into the pipeline.
 */
const simCoreRestrictedImports = {
  patterns: [
    ...simRestrictedImports.patterns,
    {
      group: ['**/features', '**/features/**', '@/sim/features', '@/sim/features/**'],
      message:
        'sim/core must not import a feature: give the feature a registry slot or hook (sim/core/slots.ts), or move what is shared to a neutral module such as sim/items.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'world/**',
      'packages/server/public/**',
      '**/migrations/**',
      'artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // No error dropped silently: a rejection handler takes the error (and logs it), or is a named
    // helper whose comment says why silence is right there.
    files: ['packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='catch'] > :matches(ArrowFunctionExpression, FunctionExpression)[params.length=0]",
          message:
            'This drops the error silently: log it with its context, or use a named helper that says why silence is right.',
        },
      ],
    },
  },
  {
    // The browser client: DOM globals, no Node builtins.
    files: ['packages/client/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/server/src/sim/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', simRestrictedImports],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Count ticks instead of using timers in sim/.' },
        { name: 'setInterval', message: 'Count ticks instead of using timers in sim/.' },
        { name: 'setImmediate', message: 'Count ticks instead of using timers in sim/.' },
        { name: 'Date', message: 'Time in sim/ is the tick counter.' },
        { name: 'performance', message: 'Time in sim/ is the tick counter.' },
        { name: 'process', message: 'sim/ must not read the process environment.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the injected seeded RNG.' },
        { object: 'Date', property: 'now', message: 'Time in sim/ is the tick counter.' },
      ],
    },
  },
  {
    files: ['packages/server/src/sim/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', simCoreRestrictedImports],
    },
  },
);
