import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger.ts'
import { chooseEngine } from './engine.ts'

let dir = ''

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('the stack-provided extensions', () => {
  it('keep the embedded engine for migrations that create pg_cron and pg_net', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stack-extensions-'))
    await writeFile(
      path.join(dir, '20240101000000_jobs.sql'),
      'create extension if not exists pg_cron with schema pg_catalog;\ncreate extension pg_net;\n'
    )
    const engine = await chooseEngine({ migrationsDir: dir, log: createLogger('error') })
    expect(engine.kind).toBe('embedded')
  })
})
