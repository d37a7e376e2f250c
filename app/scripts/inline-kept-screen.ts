/// <reference types="node" />
// Puts the kept screen's restore (src/shell/kept-screen-restore.ts) into the page as an inline
// script right after the app's root element: it must paint before the app's modules have loaded,
// so it is not one of them. Compiled from TypeScript and minified here, in the build and in
// `vite dev` alike; e2e/first-screen.spec.ts counts it with the first screen's JavaScript.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { minifySync, transformWithOxc } from 'vite'
import type { Plugin } from 'vite'

const SOURCE = path.resolve(import.meta.dirname, '../src/shell/kept-screen-restore.ts')

const ROOT = '<div id="root"></div>'

/** The restore as a script for the page: the module's code, run at once, minified. */
export async function keptScreenScript(): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(SOURCE, 'utf8'), SOURCE, {
    lang: 'ts',
  })
  const body = code.replace(/^export\s+/gm, '')
  const run = `(() => {\n${body}\nrestoreKeptScreen(document, localStorage, window)\n})()`
  const minified = minifySync('kept-screen-restore.js', run, { compress: true, mangle: true })
  if (minified.errors.length > 0) throw new Error(minified.errors.map(String).join('\n'))
  return minified.code.trim()
}

export function inlineKeptScreen(): Plugin {
  return {
    name: 'chorus-inline-kept-screen',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} for the kept screen`)
        const script = await keptScreenScript()
        if (script.includes('</script')) throw new Error('the kept screen script closes its tag')
        return html.replace(ROOT, `${ROOT}\n    <script>${script}</script>`)
      },
    },
  }
}
