// Buckets declared in config.toml ([storage.buckets.*]) through supabase-js: created with their
// settings when the stack starts, and filled from their objects_path with the files they accept.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import { startTestStack } from '../support/stack.ts'
import { bytes, filesOnDisk, serviceClient } from './support.ts'

describe('buckets declared in config.toml', () => {
  let seeded: TestStack
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64'
  )

  beforeAll(async () => {
    seeded = await startTestStack({
      config: `project_id = "seeded"
[storage]
file_size_limit = "10MiB"
[storage.buckets.images]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/png", "text/*"]
objects_path = "./seed/images"
[storage.buckets.private-docs]
public = false
`,
      files: {
        'seed/images/logo.png': png,
        'seed/images/docs/readme.txt': 'read me',
        'seed/images/too-big.txt': bytes(2 * 1024 * 1024),
        'seed/images/archive.zip': 'PK',
      },
    })
  })

  afterAll(async () => {
    await seeded?.stop()
  })

  it('creates the buckets with their settings at start', async () => {
    const storage = serviceClient(seeded).storage
    expect((await storage.getBucket('images')).data).toMatchObject({
      public: true,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['image/png', 'text/*'],
    })
    expect((await storage.getBucket('private-docs')).data).toMatchObject({
      public: false,
      file_size_limit: null,
    })
  })

  it('uploads the objects_path files the bucket accepts, with their types', async () => {
    const { data } = await serviceClient(seeded)
      .storage.from('images')
      .list('', {
        sortBy: { column: 'name', order: 'asc' },
      })
    expect(data?.map((o) => o.name)).toEqual(['docs', 'logo.png'])
    const logo = await fetch(
      serviceClient(seeded).storage.from('images').getPublicUrl('logo.png').data.publicUrl
    )
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(png)
    const readme = await serviceClient(seeded).storage.from('images').download('docs/readme.txt')
    expect(await readme.data?.text()).toBe('read me')
    const [row] = await seeded.sql`
      select metadata->>'mimetype' as type from storage.objects where name = 'docs/readme.txt'`
    expect(row?.type).toBe('text/plain')
    const names = (await seeded.sql`select name from storage.objects order by name`).map(
      (r) => r.name
    )
    expect(names).toEqual(['docs/readme.txt', 'logo.png'])
    const stored = await filesOnDisk(seeded)
    expect(stored.filter((f) => f.startsWith('buckets/images/'))).toHaveLength(2)
    const file = stored.find((f) => f.startsWith('buckets/images/logo.png~'))!
    expect(await readFile(path.join(seeded.context.dataDir, 'storage', file))).toEqual(png)
  })
})
