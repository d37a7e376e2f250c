// The app is written against React's API and runs on Preact's compat layer: the same components,
// hooks and JSX, with a runtime a quarter of react-dom's size (the first screen's budget, issue
// 31). One list of aliases for the build, the dev server and the unit tests, so that every one of
// them runs the code on the runtime a browser gets.
/** Vite `resolve.alias` entries: React's entry points to Preact's. Exact names only, most
 * specific first. */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
]

/** Libraries that import React themselves: the unit tests compile them too (instead of Node
 * loading them as they are), so that they get the aliases. */
export const usesReact = [/@testing-library\/react/, /@tanstack\/react-/]
