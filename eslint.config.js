import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The house's room sizes (issue 32): no class over 300 lines. ESLint has file and function limits of its
 * own; a class's it has not, so this one counts from `class` to its closing brace.
 */
const house = {
  rules: {
    'max-class-lines': {
      meta: { type: 'suggestion', schema: [{ type: 'integer', minimum: 1 }] },
      create(context) {
        const max = context.options[0] ?? 300;
        const check = (node) => {
          const lines = node.loc.end.line - node.loc.start.line + 1;
          if (lines > max) {
            const name = node.id?.name ?? 'anonymous';
            context.report({
              node,
              message: `Class '${name}' has too many lines (${lines}). Maximum allowed is ${max}.`,
            });
          }
        };
        return { ClassDeclaration: check, ClassExpression: check };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      '.walk/**',
      // The compiled server (npm run build) and a build test's scratch build.
      '**/dist/**',
      '.data-*/**',
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
    // Rooms a newcomer can hold in their head (issue 32). Tests and the seed's data are long lists by nature.
    files: ['apps/server/src/**', 'apps/web/app/**', 'packages/*/src/**', 'bench/**', 'scripts/**'],
    ignores: ['apps/server/src/seed/**'],
    plugins: { house },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 20],
      'house/max-class-lines': ['error', 300],
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
    // The rules of hooks and exhaustive effect dependencies for the web app's components and hooks.
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@despensa/server', '**/apps/server/**'] }] },
  },
);
