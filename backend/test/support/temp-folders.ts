// Temporary folders for one test file, removed once its tests are over: called at the file's top
// level (it registers the file's afterAll), then `make` in its tests and hooks.
import { mkdtempSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

export interface TemporaryFolders {
  /** A new folder in the system's temporary one, its name starting with `prefix`. */
  make(prefix: string): Promise<string>
  makeSync(prefix: string): string
}

export function temporaryFolders(): TemporaryFolders {
  const made: string[] = []
  afterAll(async () => {
    await Promise.all(made.map((folder) => rm(folder, { recursive: true, force: true })))
  })
  const kept = (folder: string) => (made.push(folder), folder)
  return {
    make: async (prefix) => kept(await mkdtemp(path.join(tmpdir(), prefix))),
    makeSync: (prefix) => kept(mkdtempSync(path.join(tmpdir(), prefix))),
  }
}
