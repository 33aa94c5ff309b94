// Lint: TypeScript's recommended rules for all our code, React's hooks rules for the islands.
// .astro files are type-checked by `astro check` (npm run check), not linted here.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'data/**', '.astro/**', 'public/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A missing dependency is a stale-closure bug waiting to happen: fail, don't warn.
      'react-hooks/exhaustive-deps': 'error',
      // Islands flip a `hydrated` flag in a mount effect on purpose: the first client render must
      // match the server's HTML (no #418), then the enhanced controls appear. Shown, not failed.
      'react-hooks/set-state-in-effect': 'warn',
    },
  },
  {
    // Islands and client scripts run in the browser: they never import server code (*.server.ts, the
    // database layer, node:*). Client scripts are `*.client.ts`/`*.client.js` and the modules an .astro
    // page's bundled <script> imports (listed by name), and src/lib/client/ (the API client they share). Type-only imports stay allowed: with
    // `verbatimModuleSyntax` they are erased, so they carry no code into a bundle (none exists today).
    // The rule sees direct imports only; a shared .ts module an island imports keeps to the same rule
    // by convention (docs/conventions.md).
    files: ['src/**/*.tsx', 'src/**/*.client.ts', 'src/**/*.client.js', 'src/lib/client/**/*.ts', 'src/features/profile/password-form.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '\\.server(\\.[jt]s)?$', allowTypeImports: true, message: 'Islands and client scripts never import server modules (*.server.ts).' },
            { regex: '^#lib/db(/|$)|(^|/)lib/db(/|$)', allowTypeImports: true, message: 'Islands and client scripts never import the database layer (#lib/db/*).' },
            { regex: '^node:', allowTypeImports: true, message: 'Islands and client scripts run in the browser: no node:* modules.' },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers and migrations use Kysely<any> (a migration must not
    // depend on today's table types); `any` there is a convenience, not a hole.
    files: ['tests/**', '**/*.test.ts', 'src/lib/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
