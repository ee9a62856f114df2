import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      '.walk/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Plain Node build scripts.
    files: ['**/scripts/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    // dependency-cruiser's configuration (the architecture walls, `npm run lint:walls`).
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    // The dependency direction of ARCHITECTURE.md: domain imports nothing of ours, contracts only domain.
    files: ['packages/domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@despensa/*', '**/apps/**'] }] },
  },
  {
    files: ['packages/contracts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@despensa/server', '@despensa/web', '**/apps/**'] }],
    },
  },
  {
    files: ['apps/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@despensa/server', '**/apps/server/**'] }] },
  },
);
