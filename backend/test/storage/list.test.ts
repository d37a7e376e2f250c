// Listing through supabase-js: list() with prefix, limit, offset, sortBy and search, folders as
// Supabase shows them, row-level security applied. (listV2 is in list-v2.test.ts.)
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
