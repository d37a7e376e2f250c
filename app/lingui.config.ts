// Lingui's configuration: the app is written in English (the messages in the code are the
// English text) and translated to German, Japanese and Arabic in src/locales/<language>.po.
// `npm run i18n -w app` extracts the messages into the catalogs; src/locales/catalogs.test.ts
// fails when the code has a message a catalog lacks or a catalog lacks a translation.
import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'ja', 'ar'],
  // An English message shows its source text; it is never looked up.
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  // Where a message is used, by file: line numbers would change the catalogs at every edit.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  // The macros compile to the app's own modules (src/lib/i18n.ts and i18n-react.ts, `#i18n` and
  // `#i18n-react` in package.json).
  runtimeConfigModule: {
    i18n: ['#i18n', 'i18n'],
    Trans: ['#i18n-react', 'Trans'],
    useLingui: ['#i18n-react', 'useLingui'],
  },
})
