// @vitest-environment node
/// <reference types="node" />
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it, onTestFinished } from 'vitest'
import { isCompressible, MIN_COMPRESS_BYTES, precompressDir } from './precompress.ts'

describe('precompress', () => {
  it('writes .br and .gz beside scripts, styles and pages worth it, and nothing else', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'precompress-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await mkdir(path.join(dir, 'assets'))
    const script = 'export const row = (r) => r.body\n'.repeat(200)
    const style = '.message { color: var(--text); }\n'.repeat(100)
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html>${'<p>chorus</p>'.repeat(200)}`,
      'assets/index-1.js': script,
      'assets/index-1.js.map': script,
      'assets/index-2.css': style,
      'assets/tiny-3.js': 'run()',
      'assets/logo-4.png': Buffer.alloc(4096, 7),
    }
    for (const [name, body] of Object.entries(files)) await writeFile(path.join(dir, name), body)

    const written = await precompressDir(dir)

    expect(written.map((f) => path.relative(dir, f))).toEqual([
      'assets/index-1.js.br',
      'assets/index-1.js.gz',
      'assets/index-2.css.br',
      'assets/index-2.css.gz',
      'index.html.br',
      'index.html.gz',
    ])
    const br = await readFile(path.join(dir, 'assets/index-1.js.br'))
    expect(brotliDecompressSync(br).toString()).toBe(script)
    expect(br.length).toBeLessThan(script.length / 10)
    const gz = await readFile(path.join(dir, 'assets/index-2.css.gz'))
    expect(gunzipSync(gz).toString()).toBe(style)
    // Run again (a second build into the same folder): the copies are not compressed again.
    await precompressDir(dir)
    expect((await readdir(path.join(dir, 'assets'))).filter((f) => /\.(br|gz)\./.test(f))).toEqual(
      []
    )
  })

  it('compresses only text types from the minimum size up', () => {
    expect(isCompressible('a.js', MIN_COMPRESS_BYTES)).toBe(true)
    expect(isCompressible('a.js', MIN_COMPRESS_BYTES - 1)).toBe(false)
    expect(isCompressible('a.svg', 5000)).toBe(true)
    expect(isCompressible('a.js.map', 5000)).toBe(false)
    expect(isCompressible('a.js.br', 5000)).toBe(false)
    expect(isCompressible('a.woff2', 5000)).toBe(false)
  })
})
