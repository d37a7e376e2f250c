// The app's words (issue 53), for eslint.config.js: every text in JSX and every string in the
// app's code is a Lingui message (<Trans>, t, plural, msg) unless it is not words. See
// app/CONTEXT.md, "Languages".
import lingui from 'eslint-plugin-lingui'

export const linguiConfig = {
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
