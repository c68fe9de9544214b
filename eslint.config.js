// One lint configuration for the whole monorepo (flat config, ESLint 9).
//
// What it is for: rules that find real bugs (promises nobody awaits, import loops, hooks called
// out of order, unhandled union members), not taste. Formatting is Prettier's job
// (`npm run format:check`), so no stylistic rule lives here.
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'
import { createNoImportCycleRule } from './scripts/eslint-rules/noImportCycle.js'

// Imports name the emitted `.js`; the resolver maps them back to the `.ts`/`.tsx` source, so the
// cycle rules follow every relative import, and workspace packages through their `exports`.
const resolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
  conditionNames: ['import', 'types', 'default'],
})

// Type-aware rules picked from recommended-type-checked and strict-type-checked ("strict where it
// pays"). Each one below catches a class of bug that TypeScript's compiler lets through. Left out
// on purpose: the no-unsafe-* family (it reports every library `any` we pass through unchanged),
// no-unnecessary-condition (it reports the defensive checks on values that arrive from outside
// typed by their schema: wallet answers, RPC results, request bodies), no-confusing-void-expression
// and restrict-template-expressions on numbers (taste), unbound-method (`expect(obj.fn)` in every
// test). Index reads are covered by the compiler instead: tsconfig.base.json has
// noUncheckedIndexedAccess, and the code already guards each read with `!` or `?.`.
const typeCheckedRules = {
  // A promise nobody awaits loses its rejection: a failed write or send goes unnoticed.
  '@typescript-eslint/no-floating-promises': 'error',
  // An async callback where a void one is expected (event handlers, forEach, setTimeout): the
  // caller never sees the rejection. JSX attributes are allowed: React ignores the promise and our
  // handlers catch their own errors.
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  // `await` on something that is not a promise usually means a missing call or a wrong type.
  '@typescript-eslint/await-thenable': 'error',
  // `return promise` inside try/catch skips the catch: the error escapes the handler meant for it.
  '@typescript-eslint/return-await': ['error', 'in-try-catch'],
  // A cast the type already satisfies hides the day the type changes.
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
  // Errors are a class tree (apps/server/src/errors.ts; README, "Layout"): throwing or rejecting with a string
  // loses the stack and the class a caller branches on.
  '@typescript-eslint/only-throw-error': 'error',
  '@typescript-eslint/prefer-promise-reject-errors': 'error',
  // "[object Object]" in a message or a URL.
  '@typescript-eslint/no-base-to-string': 'error',
  // Unions grow (a fourth chain family beside eip155, solana and bip122; a new status): a switch that forgets a
  // member falls through silently.
  '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
  // Mistakes the type checker can see but the compiler does not report.
  '@typescript-eslint/no-for-in-array': 'error',
  '@typescript-eslint/no-implied-eval': 'error',
  '@typescript-eslint/no-array-delete': 'error',
  '@typescript-eslint/no-duplicate-type-constituents': 'error',
  '@typescript-eslint/no-redundant-type-constituents': 'error',
  '@typescript-eslint/no-meaningless-void-operator': 'error',
  '@typescript-eslint/no-unnecessary-boolean-literal-compare': 'error',
  '@typescript-eslint/no-unnecessary-template-expression': 'error',
  '@typescript-eslint/no-unnecessary-type-arguments': 'error',
  '@typescript-eslint/no-deprecated': 'error',
  '@typescript-eslint/restrict-plus-operands': ['error', { allowNumberAndString: true }],
}

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-baseline/**',
      'test-results/**',
      'playwright-report/**',
      '**/.data/**',
      // Generated: drizzle-kit migrations and snapshots, compiled contract artifacts, hand-made JSON fixtures.
      'apps/server/drizzle/**',
      'bench/results.json',
      '**/*.json',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    plugins: { 'import-x': importX, paylink: { rules: { 'no-import-cycle': createNoImportCycleRule(resolver) } } },
    settings: {
      // import-x reads only the extensions and parsers it is told about: without these it skips
      // every .ts file and its cycle rule silently finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [resolver],
    },
    rules: {
      // A runtime loop makes load order decide what is still undefined at start-up.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // import-x skips type-only imports; the architecture counts them (see the rule's file).
      'paylink/no-import-cycle': 'error',
    },
  },

  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },

  // Type-aware rules on TypeScript sources; projectService finds the tsconfig of each file.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    languageOptions: {
      parserOptions: {
        // Files outside every tsconfig (root config, scripts) get the base options, strict included.
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'apps/server/scripts/*.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: typeCheckedRules,
  },

  {
    // Tests build hostile inputs on purpose (wrong types, thrown strings, stand-in fetches and RPC
    // answers typed loosely): the rules that guard product code against those are off here.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-deprecated': 'off',
    },
  },

  {
    // Playwright reads a fixture's first parameter to learn its dependencies and demands an object
    // pattern there: `async ({}, use) =>` is its idiom for "none".
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },

  {
    // One folder per chain family (packages/chains/README.md): code outside packages/chains names a
    // family through a registry or the family's own face, never by its CAIP-2 namespace string, so a
    // fourth family is a folder and a line per registry, not a search through the apps. A property
    // picked by name (Pick<Devnet, 'solana'>) is not a namespace. Tests may name families freely.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [
      'packages/chains/**',
      // Generated from the OpenAPI document, whose enums spell the namespaces as the API does.
      'packages/sdk/src/generated/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/testing/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/^(eip155|solana|bip122)$/]:not(TSTypeReference[typeName.name=/^(Pick|Omit)$/] Literal)',
          message:
            'Name a chain family through @paylink/chains (its registry or the family face), not by its namespace string.',
        },
      ],
    },
  },

  {
    ...reactHooks.configs.flat.recommended,
    files: ['apps/web/**/*.{ts,tsx}', 'packages/chains/src/*/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
)
