import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'packages/server/.dist-test-*/**',
      'data/**',
      'packages/server/drizzle/**',
      '**/*.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['packages/web/src/**/*.tsx', 'packages/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // A big screen splits the vben way (docs/architecture.md): admin-data (columns, detail groups,
    // fields), a use-*-actions hook, a toolbar component; no web function runs over 150 lines.
    files: ['packages/web/src/**/*.tsx', 'packages/web/src/**/*.ts'],
    ignores: ['packages/web/src/**/*.test.ts', 'packages/web/src/**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Route files parse, authorise and answer; queries and transactions live in the area's service.ts
    // (docs/architecture.md). Type-only imports (e.g. `import type { Db }`) stay allowed.
    // Matched by shape (any file named *routes*), so a route file cannot leave the rule by its name.
    files: [
      'packages/server/src/modules/**/routes.ts',
      'packages/server/src/modules/**/routes-*.ts',
      'packages/server/src/modules/**/*routes*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'No SQL in route files: put the query in the area service.ts.',
              allowTypeImports: true,
            },
            {
              group: ['**/db', '**/db/*'],
              message:
                'Route files do not touch the database (schema, handle, seed): call the area service.ts.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
