// The backend's test files share their worker's modules (vitest.config.ts): a file that replaces
// a module with vi.mock would find it already loaded by a file before it, and its mock would not
// take. Such files must be listed in OWN_MODULES, which runs them each with modules of its own.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { OWN_MODULES } from '../vitest.config.ts'

const BACKEND = path.resolve(import.meta.dirname, '..')

async function testFiles(): Promise<string[]> {
  const files: string[] = []
  for (const folder of ['src', 'test']) {
    for (const file of await readdir(path.join(BACKEND, folder), { recursive: true })) {
      if (file.endsWith('.test.ts')) files.push(`${folder}/${file.split(path.sep).join('/')}`)
    }
  }
  return files
}

describe('test files that mock a module', () => {
  it('are exactly the ones that run with modules of their own', async () => {
    const mocking: string[] = []
    for (const file of await testFiles()) {
      const text = await readFile(path.join(BACKEND, file), 'utf8')
      if (/\bvi\.(do)?mock\(/.test(text)) mocking.push(file)
    }
    expect(mocking.sort()).toEqual([...OWN_MODULES].sort())
  })
})
