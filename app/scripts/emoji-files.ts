/// <reference types="node" />
// The emoji images (issue 53, item 5): Twemoji's SVG files (@twemoji/svg, one file per emoji,
// named by its code points) copied as they are into the build at /assets/twemoji-<version>/
// (the app's EMOJI_DIR, which image.test.ts holds to the version installed), beside the hashed
// assets: the folder carries the set's version, so the app server caches them a year like those,
// and the service worker keeps each one the first time it is shown (not at install: they are
// not in the bundle). `vite dev` answers the same addresses from node_modules. Twemoji's
// graphics are CC-BY 4.0 (© Twitter, Inc and other contributors; jdecked/twemoji): the
// attribution goes with the files (ATTRIBUTION.txt) and is in docs/accessibility.md.
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

const SET_DIR = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'))
const FILE = /^[0-9a-f]+(?:-[0-9a-f]+)*\.svg$/

export const ATTRIBUTION = `Emoji graphics: Twemoji (https://github.com/jdecked/twemoji), © Twitter, Inc and other
contributors, licensed under CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/); the
optimized SVG files as packaged by @twemoji/svg. Shown unchanged by Chorus.
`

/** The folder the installed set belongs in; the app's EMOJI_DIR must name the same version. */
export async function installedEmojiDir(): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(SET_DIR, 'package.json'), 'utf8')) as {
    version: string
  }
  return `/assets/twemoji-${version}/`
}

/** The set's file names. */
export async function emojiFileNames(): Promise<string[]> {
  return (await readdir(SET_DIR)).filter((name) => FILE.test(name))
}

export function emojiFiles(): Plugin {
  let dir = ''
  return {
    name: 'chorus-emoji-files',
    async configResolved() {
      dir = await installedEmojiDir()
    },
    configureServer(server) {
      server.middlewares.use(dir, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? ''
        if (!FILE.test(name)) return next()
        const stream = createReadStream(path.join(SET_DIR, name))
        stream.on('error', () => next())
        stream.on('open', () => {
          response.setHeader('content-type', 'image/svg+xml')
          stream.pipe(response)
        })
      })
    },
    async writeBundle(options) {
      if (!options.dir) throw new Error('the build has no output folder')
      const target = path.join(options.dir, ...dir.split('/').filter(Boolean))
      await mkdir(target, { recursive: true })
      const names = await emojiFileNames()
      await Promise.all(
        names.map((name) => copyFile(path.join(SET_DIR, name), path.join(target, name)))
      )
      await writeFile(path.join(target, 'ATTRIBUTION.txt'), ATTRIBUTION)
    },
  }
}
