// The committed Database types (app/src/lib/database.types.ts, what `createClient<Database>` is
// typed by) are what `gen types typescript` makes of these migrations: a migration without the
// regenerated file (`npm run -w supabase gen:types`) fails here.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadProjectConfig } from '../../backend/src/config/project-config.ts'
import { readCatalog } from '../../backend/src/gen/catalog.ts'
import { renderTypescript } from '../../backend/src/gen/typescript.ts'
import { POSTGREST_VERSION } from '../../backend/src/rest/openapi.ts'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
const committed = path.join(workdir, 'app/src/lib/database.types.ts')
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

describe('generated database types', () => {
  it('match the migrations', async () => {
    const config = await loadProjectConfig(workdir)
    const schemas = [...new Set(['public', ...config.api.schemas])]
    const generated = await renderTypescript(await readCatalog(stack.sql, schemas), {
      postgrestVersion: POSTGREST_VERSION,
    })
    const text = await readFile(committed, 'utf8')
    expect(text, 'app/src/lib/database.types.ts is stale: run npm run -w supabase gen:types').toBe(
      generated
    )
  })

  it('describe the RPCs the app calls, with their arguments and rows', async () => {
    const text = await readFile(committed, 'utf8')
    expect(text).toContain(
      'message_page: {\n        Args: {\n          p_after_seq?: number\n          p_before_seq?: number\n          p_channel_id: string\n          p_limit?: number\n        }'
    )
    expect(text).toContain('channel_kind: "public" | "private" | "dm"')
    expect(text).toContain('my_workspaces: {\n        Args: never')
  })
})
