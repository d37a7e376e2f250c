// Listing through supabase-js: list() with prefix, limit, offset, sortBy and search, folders as
// Supabase shows them, row-level security applied; listV2 with delimiter and cursor pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import type { TestUser } from './support.ts'
import { makeUser, serviceClient, startStorageStack } from './support.ts'

let stack: TestStack
let alice: TestUser
let bob: TestUser

const NAMES = [
  'docs/Alpha.txt',
  'docs/beta.txt',
  'docs/gamma/one.txt',
  'docs/gamma/two.txt',
  'docs/delta/deep/x.txt',
  'docs_other/file.txt',
  'root.txt',
  'Zeta.txt',
]

beforeAll(async () => {
  stack = await startStorageStack()
  const storage = serviceClient(stack).storage
  await storage.createBucket('listing', { public: false })
  // One at a time, so created_at follows this order.
  for (const name of NAMES) {
    expect((await storage.from('listing').upload(name, name)).error).toBeNull()
  }
  alice = await makeUser(stack)
  bob = await makeUser(stack)
  for (const user of [alice, bob]) {
    await user.client.storage.from('files').upload(`${user.id}/a.txt`, 'a')
    await user.client.storage.from('files').upload(`${user.id}/sub/b.txt`, 'b')
  }
})

afterAll(async () => {
  await stack?.stop()
})

const listing = () => serviceClient(stack).storage.from('listing')

describe('list()', () => {
  it('lists one level, files and folders merged by name, names relative to the prefix', async () => {
    const { data, error } = await listing().list()
    expect(error).toBeNull()
    expect(data?.map((o) => o.name)).toEqual(['docs', 'docs_other', 'root.txt', 'Zeta.txt'])
    const folder = data?.find((o) => o.name === 'docs')
    expect(folder).toEqual({
      name: 'docs',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    })
    const file = data?.find((o) => o.name === 'root.txt')
    expect(file).toMatchObject({
      id: expect.any(String),
      created_at: expect.any(String),
      metadata: { size: 8, mimetype: 'text/plain;charset=UTF-8' },
    })
  })

  it('treats the prefix as a folder, with or without the slash', async () => {
    const expected = ['Alpha.txt', 'beta.txt', 'delta', 'gamma']
    expect((await listing().list('docs')).data?.map((o) => o.name)).toEqual(expected)
    expect((await listing().list('docs/')).data?.map((o) => o.name)).toEqual(expected)
    expect((await listing().list('docs/gamma')).data?.map((o) => o.name)).toEqual([
      'one.txt',
      'two.txt',
    ])
    expect((await listing().list('doc')).data).toEqual([])
    expect((await listing().list('nothing/here')).data).toEqual([])
  })

  it('pages with limit and offset', async () => {
    const page1 = await listing().list('docs', { limit: 2, offset: 0 })
    const page2 = await listing().list('docs', { limit: 2, offset: 2 })
    const page3 = await listing().list('docs', { limit: 2, offset: 4 })
    expect(page1.data?.map((o) => o.name)).toEqual(['Alpha.txt', 'beta.txt'])
    expect(page2.data?.map((o) => o.name)).toEqual(['delta', 'gamma'])
    expect(page3.data).toEqual([])
  })

  it('sorts by name descending, and by a date with the folders first', async () => {
    const desc = await listing().list('docs', { sortBy: { column: 'name', order: 'desc' } })
    expect(desc.data?.map((o) => o.name)).toEqual(['gamma', 'delta', 'beta.txt', 'Alpha.txt'])
    const byCreated = await listing().list('', { sortBy: { column: 'created_at', order: 'desc' } })
    // Folders have no dates: they come first, in the requested direction by name.
    expect(byCreated.data?.map((o) => o.name)).toEqual([
      'docs_other',
      'docs',
      'Zeta.txt',
      'root.txt',
    ])
    const ascending = await listing().list('', { sortBy: { column: 'created_at', order: 'asc' } })
    expect(ascending.data?.map((o) => o.name)).toEqual([
      'docs',
      'docs_other',
      'root.txt',
      'Zeta.txt',
    ])
  })

  it('searches names case-insensitively by prefix', async () => {
    expect((await listing().list('docs', { search: 'a' })).data?.map((o) => o.name)).toEqual([
      'Alpha.txt',
    ])
    expect((await listing().list('docs', { search: 'G' })).data?.map((o) => o.name)).toEqual([
      'gamma',
    ])
    expect((await listing().list('', { search: 'docs_' })).data?.map((o) => o.name)).toEqual([
      'docs_other',
    ])
    expect((await listing().list('docs', { search: '%' })).data).toEqual([])
  })

  it('refuses a sort column Storage does not know', async () => {
    const { error } = await listing().list('', { sortBy: { column: 'size', order: 'asc' } })
    expect(error?.message).toMatch(/sortBy\/column must be equal to one of the allowed values/)
  })

  it('shows each user only what the policies let them read', async () => {
    const own = await alice.client.storage.from('files').list(alice.id)
    expect(own.data?.map((o) => o.name)).toEqual(['a.txt', 'sub'])
    const other = await alice.client.storage.from('files').list(bob.id)
    expect(other).toEqual({ data: [], error: null })
    const top = await alice.client.storage.from('files').list()
    expect(top.data?.map((o) => o.name)).toEqual([alice.id])
    const anon = await stack.client().storage.from('files').list()
    expect(anon).toEqual({ data: [], error: null })
  })
})

describe('listV2()', () => {
  it('lists flat by default, every key under the prefix', async () => {
    const { data, error } = await listing().listV2({ prefix: 'docs/' })
    expect(error).toBeNull()
    expect(data?.folders).toEqual([])
    expect(data?.objects.map((o) => o.key)).toEqual([
      'docs/Alpha.txt',
      'docs/beta.txt',
      'docs/delta/deep/x.txt',
      'docs/gamma/one.txt',
      'docs/gamma/two.txt',
    ])
    // Names are full paths from the bucket root, as Storage answers them.
    expect(data?.objects[2]).toMatchObject({
      name: 'docs/delta/deep/x.txt',
      key: 'docs/delta/deep/x.txt',
      id: expect.any(String),
    })
    expect(data?.hasNext).toBe(false)
  })

  it('groups at the delimiter into folders', async () => {
    const { data } = await listing().listV2({ prefix: 'docs/', with_delimiter: true })
    // A folder's name is its full path with the trailing "/", its key the same without it.
    expect(data?.folders).toEqual([
      { name: 'docs/delta/', key: 'docs/delta' },
      { name: 'docs/gamma/', key: 'docs/gamma' },
    ])
    expect(data?.objects.map((o) => o.name)).toEqual(['docs/Alpha.txt', 'docs/beta.txt'])
    const top = await listing().listV2({ with_delimiter: true })
    expect(top.data?.folders).toEqual([
      { name: 'docs/', key: 'docs' },
      { name: 'docs_other/', key: 'docs_other' },
    ])
    expect(top.data?.objects.map((o) => o.key)).toEqual(['Zeta.txt', 'root.txt'])
  })

  it('pages with the cursor until the end, in every order', async () => {
    for (const sortBy of [
      { column: 'name', order: 'asc' },
      { column: 'name', order: 'desc' },
      { column: 'created_at', order: 'desc' },
    ] as const) {
      const seen: string[] = []
      let cursor: string | undefined
      for (let page = 0; page < 10; page++) {
        const { data, error } = await listing().listV2({ limit: 3, cursor, sortBy })
        expect(error).toBeNull()
        seen.push(...(data?.objects.map((o) => o.key ?? o.name) ?? []))
        if (!data?.hasNext) break
        cursor = data.nextCursor
      }
      expect([...seen].sort()).toEqual([...NAMES].sort())
      if (sortBy.column === 'created_at') expect(seen).toEqual([...NAMES].reverse())
      if (sortBy.order === 'desc' && sortBy.column === 'name') {
        expect(seen).toEqual([...NAMES].sort().reverse())
      }
    }
  })

  it('refuses a cursor it did not make', async () => {
    const { error } = await listing().listV2({ cursor: 'not-a-cursor' })
    expect(error?.message).toMatch(/cursor/)
  })
})
