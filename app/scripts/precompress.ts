/// <reference types="node" />
// Compresses the build once, at build time: beside each text file of dist/ worth it (scripts,
// styles, pages, SVG, JSON) a brotli copy (.br, quality 11; the emoji set's many small files 6)
// and a gzip copy (.gz, level 9), which
// the app server sends by Accept-Encoding (backend/src/http/app-server.ts, @fastify/static's
// preCompressed) without compressing anything per request. Source maps are left as they are
// (only developer tools fetch them), and so is a file that would not get smaller.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Files under this size are sent as they are: Content-Encoding and Vary cost about 40 bytes of
 * headers, about what compressing a file this small saves. (A 600-byte script, rolldown's
 * runtime chunk on the first screen, goes as about 330.)
 */
export const MIN_COMPRESS_BYTES = 256
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i

export function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.test(file) && size >= MIN_COMPRESS_BYTES
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** Writes file.br and file.gz beside each compressible file of `dir`; returns what it wrote. */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = []
  // All at once: zlib compresses on libuv's thread pool, so the files share the cores.
  await Promise.all((await filesUnder(dir)).map((file) => precompressFile(file, written)))
  return written.sort()
}

/** The emoji set's folder (scripts/emoji-files.ts): 3,700 small SVGs, which brotli's quality 11
 * takes over a minute of CPU for; quality 6 does them in about a second, 5% larger. */
const MANY_SMALL = /[\\/]assets[\\/]twemoji-[^\\/]+[\\/]/

async function precompressFile(file: string, written: string[]): Promise<void> {
  const bytes = await readFile(file)
  if (!isCompressible(file, bytes.length)) return
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: MANY_SMALL.test(file) ? 6 : constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(bytes, { level: 9 }),
  ])
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (copy.length >= bytes.length) continue
    await writeFile(file + suffix, copy)
    written.push(file + suffix)
  }
}

/** The Vite plugin: precompresses the output folder once everything is written. */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'chorus-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await precompressDir(outDir)
    },
  }
}
