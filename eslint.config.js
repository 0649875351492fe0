import tseslint from 'typescript-eslint';

// Besides the usual checks, these rules hold the import direction of ARCHITECTURE.md:
// views → machines → services; every layer may use the contract (src/contract: roles and policies, error codes,
// data types, list specs, the route table), which imports nothing of ours but typebox; lifecycles import only
// xstate, each other and the policy table; the server imports only the lifecycles, the contract and the texts
// (src/i18n/messages.ts, to say a refusal in Chinese) from src/.
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-server/**',
      'data/**',
      'docs/**',
      'test-output/**',
      'tests/e2e/output/**',
      '.stryker-tmp/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(?!typebox$)(?!\\./)',
          message: 'The contract is shared data: it imports only typebox and its own files.',
        },
      ]),
    },
  },
  {
    files: ['src/machines/lifecycles/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(?!xstate$)(?!\\.{1,2}/)',
          message:
            'Lifecycle machines are pure: they may import only xstate, each other and the policy table.',
        },
        {
          regex: '^\\.\\./\\.\\./(?!contract/policy$)',
          message: 'Lifecycle machines may import only xstate, each other and the policy table.',
        },
      ]),
    },
  },
  {
    files: ['src/machines/**'],
    ignores: ['src/machines/lifecycles/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@/views/*', '@/views/**', '**/views/**'], message: 'Machines must not import views.' },
        { group: ['react', 'react-dom', '@blueprintjs/*'], message: 'Machines hold no UI.' },
      ]),
    },
  },
  {
    files: ['src/services/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: [
            '@/views/*',
            '@/views/**',
            '**/views/**',
            '@/machines/*',
            '@/machines/**',
            '**/machines/**',
          ],
          message: 'Services are the bottom layer: they import neither machines nor views.',
        },
      ]),
    },
  },
  {
    files: ['src/views/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['@/services/*', '@/services/**', '**/services/**'],
          message: 'Views do not call services: send an event to a machine instead.',
        },
        {
          group: ['@blueprintjs/core'],
          importNames: ['HTMLSelect'],
          message:
            'Use Select (src/views/kit/Select.tsx): Blueprint titles its caret in English in every language.',
        },
        {
          group: ['@blueprintjs/core'],
          importNames: ['Dialog', 'Drawer'],
          message:
            'Use Dialog or Drawer (src/views/kit/Dialog.tsx): Blueprint names their × in English in every language, and gives a drawer no role.',
        },
        {
          group: ['@blueprintjs/core'],
          importNames: ['Spinner'],
          message:
            'Use Spinner (src/views/kit/Spinner.tsx): Blueprint names it "loading" in English in every language.',
        },
      ]),
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(\\.\\./)+src/(?!machines/lifecycles/|contract/|i18n/messages$)',
          message:
            'The server may import only src/machines/lifecycles, src/contract and src/i18n/messages from the console.',
        },
        {
          regex: '^@/',
          message: 'The server does not use the console alias; import lifecycles by relative path.',
        },
      ]),
    },
  },
);
