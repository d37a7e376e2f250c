// One linter for every workspace. Boundaries between the parts are enforced here, not by habit.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import checkFile from 'eslint-plugin-check-file'
import lingui from 'eslint-plugin-lingui'
import { builtinRules } from 'eslint/use-at-your-own-risk'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const focusedTests = ['describe', 'it', 'test'].flatMap((object) =>
  ['only', 'skip'].map((property) => ({
    object,
    property,
    message: 'Focused or skipped tests must not be committed.',
  }))
)

// The browser's own dialogs are never used in the app (some installed apps and embedded views
// suppress them: a click then does nothing): ui/layers.ts asks and tells.
const nativeDialogMessage =
  "The browser's dialogs are not used: ui/layers.ts (confirmed, showTextToCopy, showToast)."
const nativeDialogs = ['confirm', 'alert', 'prompt']
const nativeDialogGlobals = nativeDialogs.map((name) => ({ name, message: nativeDialogMessage }))
const nativeDialogProperties = ['window', 'globalThis', 'self'].flatMap((object) =>
  nativeDialogs.map((property) => ({ object, property, message: nativeDialogMessage }))
)

// App boundaries: no backend code, and features reach each other only through their index.ts
// (from inside a feature that is ../../<other>/index.ts; from elsewhere features/<name>/index.ts).
const appImportPatterns = [
  {
    group: ['**/backend/**', '@chorus/backend*'],
    message: 'The app talks to its backend only through supabase-js.',
  },
  {
    regex:
      '^\\.\\./\\.\\./(auth|workspaces|channels|messages|presence|attachments|profiles)/(?!index\\.ts$)',
    message: 'Import another feature only through its index.ts.',
  },
  {
    regex: '(^|/)features/[^/]+/(?!index\\.ts$)',
    message: 'Import a feature only through its index.ts.',
  },
]

// A feature imports another only through that feature's index.ts (issue 51, item 1): one zone per
// folder of app/src/features, from which the others' files are out of reach but their index.ts
// (and the features folder's own modules: the slots' registries). No exceptions list.
const FEATURES = path.join(import.meta.dirname, 'app/src/features')
const featureEntries = readdirSync(FEATURES, { withFileTypes: true })
const featureNames = featureEntries.filter((e) => e.isDirectory()).map((e) => e.name)
const featureZones = featureNames.map((name) => ({
  target: path.join(FEATURES, name),
  from: FEATURES,
  except: [
    `./${name}`,
    ...featureNames.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
    ...featureEntries.filter((e) => e.isFile()).map((e) => `./${e.name}`),
  ],
  message: `Import another feature only through its index.ts (features/${name} reaches into another's files).`,
}))

// The hosts (the shell, ui, lib, the slots and the message screen) build on the core features
// only: signing in, workspaces, channels, messages, profiles, presence, files and emoji. Every
// other feature adds itself through a slot (app/src/slots/) and is named by no host (issue 51,
// item 1).
const CORE_FEATURES = [
  'auth',
  'workspaces',
  'channels',
  'messages',
  'profiles',
  'presence',
  'attachments',
  'emoji',
]
const APP_SRC = path.join(import.meta.dirname, 'app/src')
const hostZones = featureNames
  .filter((name) => !CORE_FEATURES.includes(name))
  .map((name) => ({
    target: ['shell', 'ui', 'lib', 'slots', 'features/messages'].map((host) =>
      path.join(APP_SRC, host)
    ),
    from: path.join(FEATURES, name),
    message: `A host names no plug-in feature: features/${name} adds itself through a slot (app/src/slots/).`,
  }))

// File names (ARCHITECTURE.md, "Conventions"): kebab-case modules, PascalCase React components
// (a .tsx may also be kebab-case: an entry point, a hook with JSX). Whatever follows the first dot
// is not the name: `live-channel.cached.test.ts`, `vite-env.d.ts`, `vitest.config.ts`.
const KEBAB_CASE = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))'
const PASCAL_CASE = '+([A-Z]*([a-z0-9]))'

const backendImportPatterns = [
  { group: ['**/app/**', '@chorus/app*'], message: 'The backend never imports the app.' },
]

const linguiConfig = {
  // Every word a person reads is in the catalogs (issue 53): text in JSX, and strings in code,
  // are written with Lingui's macros (<Trans>, t, plural, msg) unless they are not words: class
  // names, keys, ids, routes, CSS, MIME types, event names. See app/CONTEXT.md, "Languages".
  files: ['app/src/**/*.{ts,tsx}'],
  ignores: ['app/src/**/*.test.{ts,tsx}', 'app/src/lib/database.types.ts'],
  plugins: { lingui },
  rules: {
    ...lingui.configs.recommended.rules,
    'lingui/no-unlocalized-strings': [
      'error',
      {
        ignore: [
          // one "word" not starting with a capital: keys, ids, class names, paths, CSS
          '^(?![A-Z])\\S+$',
          // UPPERCASE constants, and strings with no letter at all
          '^[A-Z0-9_-]+$',
          '^[^A-Za-z]*$',
          // class lists and CSS values
          '^[a-z0-9-]+( [a-z0-9-]+)+$',
        ],
        ignoreNames: [
          {
            regex: {
              pattern: 'className|class$|Class$|Key$|key$|Id$|^id$|Url$|url$|Path$|path$',
              flags: '',
            },
          },
          { regex: { pattern: '^[A-Z0-9_]+$' } },
          'type',
          'role',
          'rel',
          'target',
          'method',
          'accept',
          'autoComplete',
          'inputMode',
          'enterKeyHint',
          'name',
          'event',
          'schema',
          'table',
          'filter',
          'select',
          'columns',
          'onConflict',
          'src',
          'href',
          'style',
          'mode',
          'channel',
          'status',
          'kind',
          'variant',
          'tone',
        ],
        ignoreFunctions: [
          'Error',
          'TypeError',
          'console.*',
          '*.addEventListener',
          '*.removeEventListener',
          '*.getItem',
          '*.setItem',
          '*.removeItem',
          '*.includes',
          '*.startsWith',
          '*.endsWith',
          '*.split',
          '*.join',
          '*.replace',
          '*.match',
          '*.test',
          '*.querySelector',
          '*.querySelectorAll',
          '*.closest',
          '*.from',
          '*.rpc',
          '*.channel',
          '*.eq',
          '*.select',
          '*.order',
          '*.in',
          '*.is',
          '*.on',
          '*.matchMedia',
          'createElement',
          '*.createElement',
          'new URL',
          'URL',
          'RegExp',
          'fetch',
          'import.meta.glob',
        ],
        useTsTypes: false,
      },
    ],
  },
}

// Every date and time the app shows goes through lib/date-formats.ts (below).
const dateFormatSyntax = [
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Format dates with lib/date-formats.ts (dateFormat or a label), made once.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
    message: 'Format dates with lib/date-formats.ts (dateFormat or a label), made once.',
  },
]

const checks = tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-properties': ['error', ...focusedTests],
      'no-throw-literal': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // import-x resolves the imports its path rules below look at: relative with their suffix,
    // so Node's resolution finds every file. Import circles are not ESLint's: scripts/
    // check-cycles.ts, the second half of `npm run lint`, finds every one, type-only imports
    // included, in every workspace (import-x/no-cycle found a subset of them, in 60% of
    // ESLint's time).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
  },
  {
    files: ['**/*.{ts,mts,cts,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': KEBAB_CASE },
        {
          ignoreMiddleExtensions: true,
          errorMessage:
            'The file name {{ target }} is not kebab-case: modules other than React components are named like live-channel.ts (ARCHITECTURE.md, Conventions).',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': `@(${PASCAL_CASE}|${KEBAB_CASE})` },
        {
          ignoreMiddleExtensions: true,
          errorMessage:
            'The file name {{ target }} is neither PascalCase (a component: MessageItem.tsx) nor kebab-case (any other module: use-row-renderer.tsx) (ARCHITECTURE.md, Conventions).',
        },
      ],
    },
  },
  {
    files: ['backend/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: backendImportPatterns }] },
  },
  {
    // Auth's routes import domain modules (users/, sessions/, verification/, oauth-server/, mfa/,
    // http/ …), never another route file: what two routes share lives in the domain.
    files: ['backend/src/auth/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...backendImportPatterns,
            {
              regex: '^\\./|(^|/)auth/routes/|^\\.\\./routes/',
              message:
                'An Auth route imports domain modules, never another route: move what they share out of routes/.',
            },
          ],
        },
      ],
    },
  },
  {
    // REST's pure stages are functions over plain data: only execute touches the database.
    files: ['backend/src/rest/parse/**', 'backend/src/rest/plan/**', 'backend/src/rest/sql/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...backendImportPatterns,
            {
              // backend/src/db and backend/src/http, however the path reaches them
              regex: '(^|/)(\\.\\./)+(db|http)(/|$)|(^|/)src/(db|http)(/|$)',
              message: "REST's parse, plan and sql stages are pure: they import no db/ or http/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: appImportPatterns }],
      'no-restricted-globals': ['error', ...nativeDialogGlobals],
      'no-restricted-properties': ['error', ...focusedTests, ...nativeDialogProperties],
    },
  },
  {
    files: ['app/src/features/**/*.{ts,tsx}'],
    ignores: ['app/src/features/messages/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: [
      'app/src/{shell,ui,lib,slots}/**/*.{ts,tsx}',
      'app/src/features/messages/**/*.{ts,tsx}',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones.filter((zone) => zone.target === path.join(FEATURES, 'messages')),
            ...hostZones,
          ],
        },
      ],
    },
  },
  {
    // Only the client module and features' data layers talk to Supabase; components use hooks.
    files: ['app/src/**/*.{ts,tsx}'],
    ignores: [
      'app/src/main.tsx',
      'app/src/lib/**',
      'app/src/features/*/data/**',
      'app/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // supabase-js and the parts lib/supabase.ts builds the client from
          paths: [
            'supabase-js',
            'auth-js',
            'postgrest-js',
            'realtime-js',
            'storage-js',
            'functions-js',
          ].map((part) => ({
            name: `@supabase/${part}`,
            allowTypeImports: true,
            message: 'Call Supabase from a data/ module (a query, mutation or hook), not here.',
          })),
          patterns: [
            ...appImportPatterns,
            {
              group: ['**/lib/supabase.ts', '**/lib/rpc.ts'],
              message: 'Call Supabase from a data/ module (a query, mutation or hook), not here.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every date and time the app shows goes through lib/date-formats.ts, which makes one
    // formatter per locale and option set and keeps it (issue 70: three local when()s and ten
    // formatters in eight files before). Intl.DateTimeFormat().resolvedOptions() (the device's
    // time zone) formats nothing and stays allowed.
    files: ['app/src/**/*.{ts,tsx}'],
    ignores: ['app/src/lib/date-formats.ts', 'app/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...dateFormatSyntax] },
  },
  {
    // The browser's own form controls are not drawn outside ui/ (issue 67): a <select> looks
    // different in every browser and theme, and a file input speaks the browser's language
    // ("Choose file / No file chosen"), a date input its own calendar. ui/Select.tsx,
    // ui/FileButton.tsx, ui/DateField.tsx and ui/TimeField.tsx are the ones. (This
    // block repeats the date rule above: a later block's no-restricted-syntax replaces, not adds.)
    files: ['app/src/**/*.tsx'],
    ignores: [
      'app/src/ui/**',
      'app/src/**/*.test.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...dateFormatSyntax,
        {
          selector: "JSXOpeningElement[name.name='select']",
          message: 'A select is ui/Select.tsx (Radix Select), never the native <select>.',
        },
        {
          selector:
            "JSXOpeningElement[name.name='input']:has(JSXAttribute[name.name='type'][value.value='file']):not(:has(JSXAttribute[name.name='hidden']))",
          message:
            "A file chooser is ui/FileButton.tsx; the browser's own file input is only ever hidden (a button of ours opens it).",
        },
        {
          selector:
            "JSXOpeningElement[name.name='input'] JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|time)$/]",
          message: 'A date is ui/DateField.tsx and a time ui/TimeField.tsx, never the native input.',
        },
      ],
    },
  },
  {
    // Tests wait for a signal (an event, a row, a response, vi.waitFor/expect.poll, fake timers),
    // never for a stretch of the clock before they assert (issue 70): not Playwright's
    // waitForTimeout, nor a sleep directly followed by an expect. A sleep that is the scenario
    // (a server slow on purpose, a keypress later than another) is not followed by an expect.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for a signal (a locator, a response, expect.poll), not for a time.',
        },
        {
          selector:
            ":matches(ExpressionStatement[expression.argument.callee.name='Promise']:has(CallExpression[callee.name='setTimeout']), ExpressionStatement[expression.argument.callee.name='sleep']) + ExpressionStatement:has(CallExpression[callee.name='expect'])",
          message:
            'A sleep before an assertion: wait for the signal that the step has run (vi.waitFor, expect.poll, an event, fake timers).',
        },
      ],
    },
  },
  linguiConfig,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  }
)

// Every rule above set to 'warn' (Lingui's recommended ones among them) counts as an error: the
// one warning lint gives is a file's length, so `npm run lint` fails on anything else.
const asError = (entry) =>
  Array.isArray(entry)
    ? [asError(entry[0]), ...entry.slice(1)]
    : entry === 'warn' || entry === 1
      ? 'error'
      : entry
const warningsAsErrors = (config) =>
  config.rules
    ? {
        ...config,
        rules: Object.fromEntries(
          Object.entries(config.rules).map(([name, entry]) => [name, asError(entry)])
        ),
      }
    : config

// A source file is read whole. Past 300 lines lint warns (shown; `npm run lint` still passes):
// look for a concern that could live apart. Past 500 it fails. Split by concern, never to meet a
// count (issue 70). Tests and scripts count; the one file written by a tool is left out, the
// database's types (`npm run gen:types -w supabase`); migrations are SQL, which this does not
// read. The limit is ESLint's own max-lines, registered a second time under another name so that
// one file has both.
const length = {
  files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
  ignores: ['app/src/lib/database.types.ts'],
  plugins: { length: { rules: { 'max-lines': builtinRules.get('max-lines') } } },
  rules: {
    'max-lines': ['warn', { max: 300 }],
    'length/max-lines': ['error', { max: 500 }],
  },
}

export default [...checks.map(warningsAsErrors), length]
