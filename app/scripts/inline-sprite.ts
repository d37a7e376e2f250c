/// <reference types="node" />
// Puts the icon sprite (src/ui/icons.svg) into the page, first thing in <body>, hidden and with
// its ids prefixed (ICON_ID_PREFIX), for Icon's <use href="#icon-…"> (src/ui/Icon.tsx): in the
// build's index.html and in `vite dev`'s alike. About 1.5 KB of the page compressed, in place of a
// request for the sprite.
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { ICON_ID_PREFIX } from '../src/ui/icons.ts'
import { SPRITE_PATH } from './icon-sprite.ts'

/** The sprite as the page carries it: no comment, hidden, out of the layout, ids prefixed. */
export function spriteForPage(sprite: string): string {
  const open = '<svg xmlns="http://www.w3.org/2000/svg">'
  if (!sprite.includes(open)) throw new Error(`${SPRITE_PATH} does not start its SVG as expected`)
  return sprite
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(
      open,
      '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="position:absolute;width:0;height:0;overflow:hidden">'
    )
    .replace(/<symbol id="/g, `<symbol id="${ICON_ID_PREFIX}`)
    .replace(/\n/g, '')
}

export function inlineSprite(): Plugin {
  return {
    name: 'chorus-inline-sprite',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('<body>')) throw new Error('index.html has no <body> for the sprite')
        const sprite = spriteForPage(readFileSync(SPRITE_PATH, 'utf8'))
        return html.replace('<body>', `<body>\n    ${sprite}`)
      },
    },
  }
}
