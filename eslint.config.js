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
    files: [
      'src/**/*.tsx',
      'src/**/*.client.ts',
      'src/**/*.client.js',
      'src/lib/client/**/*.ts',
      'src/features/profile/password-form.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.server(\\.[jt]s)?$',
              allowTypeImports: true,
              message: 'Islands and client scripts never import server modules (*.server.ts).',
            },
            {
              regex: '^#lib/db(/|$)|(^|/)lib/db(/|$)',
              allowTypeImports: true,
              message: 'Islands and client scripts never import the database layer (#lib/db/*).',
            },
            {
              regex: '^node:',
              allowTypeImports: true,
              message: 'Islands and client scripts run in the browser: no node:* modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Arrows point one way (issue 23): the catalogue is the lower layer. Calculations and the scanner
    // use it, never the reverse; what both need (text folding, search text) lives in src/lib, what a
    // pump or a flow meter is lives in the catalogue. The demo catalogue (features/catalogue-demo)
    // sits above both: it builds items from the engine's reference curves and electrics.
    files: ['src/features/catalogue/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#features/(calculations|scanner)(/|$)',
              message:
                'The catalogue is below calculations and the scanner: move what both need into the catalogue or src/lib.',
            },
            {
              regex: '^\\.\\./(calculations|scanner)(/|$)',
              message:
                'The catalogue is below calculations and the scanner: move what both need into the catalogue or src/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo catalogue stays out of the catalogue's own code (tests may seed it).
    files: ['src/features/catalogue/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#features/(calculations|scanner|catalogue-demo)(/|$)',
              message: 'The catalogue is below calculations, the scanner and the demo catalogue.',
            },
            {
              regex: '^\\.\\./(calculations|scanner|catalogue-demo)(/|$)',
              message: 'The catalogue is below calculations, the scanner and the demo catalogue.',
            },
          ],
        },
      ],
    },
  },
  {
    // A migration is frozen at the time it was written: it may use src/lib, never today's features
    // (a data snapshot goes next to it, like 0024_demo_titles.json).
    files: ['src/lib/db/migrations/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#features/|(^|/)features/',
              message:
                'Migrations never import feature code: copy what they need as it was, or move a pure function into src/lib.',
            },
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
