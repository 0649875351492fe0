import tseslint from 'typescript-eslint';

// Besides the usual checks, these rules hold the import direction of ARCHITECTURE.md:
// views → machines → services; lifecycles import only xstate; server imports only the lifecycles from src/.
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'docs/**', 'test-output/**', 'tests/e2e/output/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/machines/lifecycles/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(?!xstate$)(?!\\.{1,2}/)',
          message: 'Lifecycle machines are pure: they may import only xstate and each other.',
        },
        { regex: '^\\.\\./\\.\\./', message: 'Lifecycle machines may import only xstate and each other.' },
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
      ]),
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(\\.\\./)+src/(?!machines/lifecycles/)',
          message: 'The server may import only src/machines/lifecycles from the console.',
        },
        {
          regex: '^@/',
          message: 'The server does not use the console alias; import lifecycles by relative path.',
        },
      ]),
    },
  },
);
