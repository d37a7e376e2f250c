/// <reference types="node" />
// Puts the appearance's start (src/lib/appearance.ts) into the page's head as an inline script:
// the theme and density a person chose must be on <html> before anything is painted (no flash of
// the other theme), so it runs before the stylesheet and the app's modules. Compiled from
// TypeScript and minified here, in the build and in `vite dev` alike; e2e/first-screen.spec.ts
// counts it with the first screen's JavaScript, and scripts/security-headers.ts allows it by hash.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { minifySync, transformWithOxc } from 'vite'
import type { Plugin } from 'vite'

const SOURCE = path.resolve(import.meta.dirname, '../src/lib/appearance.ts')

const HEAD = '<meta charset="UTF-8" />'

/** The appearance's start as a script for the page: the module's code, run at once, minified. */
export async function appearanceScript(): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(SOURCE, 'utf8'), SOURCE, { lang: 'ts' })
  const body = code.replace(/^export\s+/gm, '')
  const run = `(() => {\n${body}\ntry { applyAppearance(document.documentElement, localStorage, (q) => matchMedia(q), true) } catch {}\n})()`
  const minified = minifySync('appearance.js', run, { compress: true, mangle: true })
  if (minified.errors.length > 0) throw new Error(minified.errors.map(String).join('\n'))
  return minified.code.trim()
}

export function inlineAppearance(): Plugin {
  return {
    name: 'chorus-inline-appearance',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(HEAD)) throw new Error(`index.html has no ${HEAD} for the appearance`)
        const script = await appearanceScript()
        if (script.includes('</script')) throw new Error('the appearance script closes its tag')
        return html.replace(HEAD, `${HEAD}\n    <script>${script}</script>`)
      },
    },
  }
}
