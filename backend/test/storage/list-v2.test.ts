// listV2 through supabase-js (raw HTTP for what the client cannot send), against what Storage's
// source answers: the shapes of objects and folders with and without a delimiter, prefixes with
// and without their "/", cursor pages in every sort order with ties in the dates, Storage's cursor
// format, the limit's bounds, bad input, and row-level security deciding which folders exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestStack } from '../support/stack.ts'
import {
  at,
  byBytes,
  expected,
  fillListing,
  FIXTURE,
  listV2Raw,
  uploadOwnFiles,
} from './list-v2-support.ts'
import type { TestUser } from './support.ts'
import { makeUser, serviceClient, startStorageStack } from './support.ts'

let stack: TestStack
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  stack = await startStorageStack()
  await fillListing(stack)
  alice = await makeUser(stack)
  bob = await makeUser(stack)
  for (const user of [alice, bob]) await uploadOwnFiles(user)
})

afterAll(async () => {
  await stack?.stop()
})

const listing = () => serviceClient(stack).storage.from('listv2')

const rawList = (body: unknown, bucket?: string) => listV2Raw(stack, body, bucket)

describe('the shapes', () => {
  it('without a delimiter: every object under the prefix, by name in byte order, no key', async () => {
    const { data, error } = await listing().listV2()
    expect(error).toBeNull()
    expect(Object.keys(data!)).toEqual(['hasNext', 'folders', 'objects'])
    expect(data!.hasNext).toBe(false)
    expect(data!.folders).toEqual([])
    expect(data!.objects.map((o) => o.name)).toEqual(FIXTURE.map(([n]) => n).sort(byBytes))
    const alpha = data!.objects.find((o) => o.name === 'docs/Alpha.txt')!
    expect(Object.keys(alpha)).toEqual([
      'id',
      'name',
      'metadata',
      'updated_at',
      'created_at',
      'last_accessed_at',
    ])
    expect(alpha).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: at(1),
      updated_at: at(50),
      metadata: expect.objectContaining({ size: 14, mimetype: 'text/plain;charset=UTF-8' }),
    })
  })

  it('a prefix is a plain string prefix: "docs" takes docs_other, "docs/" does not', async () => {
    const loose = await listing().listV2({ prefix: 'docs' })
    expect(loose.data!.objects.map((o) => o.name)).toContain('docs_other/file.txt')
    const folder = await listing().listV2({ prefix: 'docs/' })
    expect(folder.data!.objects.map((o) => o.name)).toEqual(
      FIXTURE.map(([n]) => n)
        .filter((n) => n.startsWith('docs/'))
        .sort(byBytes)
    )
    // A prefix is held to the key characters, as the names are (bad-names.test.ts); the unicode
    // names listed above are reached from a prefix they continue.
    const unicode = await listing().listV2({ prefix: 'ünï/' })
    expect(unicode.error?.message).toBe('Invalid key: ünï/')
    const docs = await listing().listV2({ prefix: 'docs/ü' })
    expect(docs.error?.message).toBe('Invalid key: docs/ü')
  })

  it('with a delimiter: folders and objects with their key at the prefix level', async () => {
    const { data, error } = await listing().listV2({ prefix: 'docs/', with_delimiter: true })
    expect(error).toBeNull()
    const empty = { id: null, updated_at: null, created_at: null, last_accessed_at: null }
    expect(data!.folders).toEqual([
      { key: 'delta', name: 'docs/delta/', ...empty, metadata: null, user_metadata: null },
      { key: 'gamma', name: 'docs/gamma/', ...empty, metadata: null, user_metadata: null },
    ])
    // "a.txt.bak" before "beta.txt" and the folders between, in byte order ("A" < "a").
    expect(data!.objects.map((o) => [o.key, o.name])).toEqual([
      ['Alpha.txt', 'docs/Alpha.txt'],
      ['a.txt.bak', 'docs/a.txt.bak'],
      ['beta.txt', 'docs/beta.txt'],
      ['ünïcode.txt', 'docs/ünïcode.txt'],
    ])
    expect(Object.keys(data!.objects[0]!)).toEqual([
      'key',
      'name',
      'id',
      'updated_at',
      'created_at',
      'last_accessed_at',
      'metadata',
      'user_metadata',
    ])
  })

  it('with a delimiter and a prefix without "/": the folders that continue it', async () => {
    const { data } = await listing().listV2({ prefix: 'docs', with_delimiter: true })
    expect(data!.folders.map((f) => [f.key, f.name])).toEqual([
      ['docs', 'docs/'],
      ['docs_other', 'docs_other/'],
    ])
    expect(data!.objects).toEqual([])
    const root = await listing().listV2({ with_delimiter: true })
    expect(root.data!.folders.map((f) => f.name)).toEqual(['docs/', 'docs_other/', 'ünï/'])
    expect(root.data!.objects.map((o) => o.key)).toEqual(['Zeta.txt', 'root.txt'])
  })
})

describe('cursor pages', () => {
  for (const delimiter of [false, true]) {
    for (const column of ['name', 'updated_at', 'created_at'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        it(`walks ${column} ${order}${delimiter ? ' with a delimiter' : ''} two at a time`, async () => {
          const seen: string[] = []
          let cursor: string | undefined
          for (let page = 0; page < 20; page++) {
            const { data, error } = await listing().listV2({
              limit: 2,
              cursor,
              with_delimiter: delimiter,
              sortBy: { column, order },
            })
            expect(error).toBeNull()
            seen.push(...data!.folders.map((f) => f.name), ...data!.objects.map((o) => o.name))
            expect(data!.folders.length + data!.objects.length).toBeLessThanOrEqual(2)
            if (!data!.hasNext) {
              expect(data!.nextCursor).toBeUndefined()
              break
            }
            // Storage's format: base64 of "l:<last name>", then order, column and time lines.
            const lines = Buffer.from(data!.nextCursor!, 'base64').toString().split('\n')
            const { nextCursorKey } = data as { nextCursorKey?: string }
            expect(lines[0]).toBe(`l:${nextCursorKey}`)
            expect(lines).toContain(`o:${order}`)
            expect(lines).toContain(`c:${column}`)
            if (column !== 'name') expect(lines.at(-1)).toMatch(/^a:\d{4}-\d\d-\d\dT.*Z$/)
            cursor = data!.nextCursor
          }
          // Within a page folders come before objects, so compare the sets and, page by page
          // of one entry, the order.
          const want = expected(delimiter, column, order)
          expect([...seen].sort()).toEqual([...want].sort())
          const ordered: string[] = []
          cursor = undefined
          for (let page = 0; page < 30; page++) {
            const { data } = await listing().listV2({
              limit: 1,
              cursor,
              with_delimiter: delimiter,
              sortBy: { column, order },
            })
            ordered.push(...data!.folders.map((f) => f.name), ...data!.objects.map((o) => o.name))
            if (!data!.hasNext) break
            cursor = data!.nextCursor
          }
          expect(ordered).toEqual(want)
        })
      }
    }
  }

  it("a cursor's sort wins over the next request's sortBy", async () => {
    const first = await listing().listV2({
      limit: 3,
      sortBy: { column: 'created_at', order: 'desc' },
    })
    const next = await listing().listV2({
      limit: 3,
      cursor: first.data!.nextCursor,
      sortBy: { column: 'name', order: 'asc' },
    })
    expect(next.data!.objects.map((o) => o.name)).toEqual(
      expected(false, 'created_at', 'desc').slice(3, 6)
    )
  })

  it('an empty cursor is the first page', async () => {
    const { data } = await listing().listV2({ limit: 2, cursor: '' })
    expect(data!.objects.map((o) => o.name)).toEqual(expected(false, 'name', 'asc').slice(0, 2))
  })
})

describe('bad input', () => {
  it('a cursor Storage cannot read: 400 Invalid continuation token (Storage: a 500)', async () => {
    const bad = [
      'not-a-cursor',
      Buffer.from('x:1').toString('base64'),
      Buffer.from('l:a\na:yesterday').toString('base64'),
      Buffer.from('l:a\u0000b').toString('base64'),
    ]
    for (const cursor of bad) {
      const { status, body } = await rawList({ cursor, sortBy: { column: 'updated_at' } })
      expect(status).toBe(400)
      expect(body).toEqual({
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'InvalidRequest',
        message: 'Invalid continuation token',
      })
    }
    // A cursor made by hand in Storage's format is read as Storage reads it.
    const handmade = Buffer.from('l:docs/beta.txt').toString('base64')
    const { status, body } = await rawList({ cursor: handmade, limit: 1 })
    expect(status).toBe(200)
    expect(body.objects.map((o) => o.name)).toEqual(['docs/delta/deep/x.txt'])
  })

  it('a sortBy Storage refuses: its schema messages', async () => {
    const cases: [unknown, string][] = [
      [{ column: 'size' }, 'body/sortBy/column must be equal to one of the allowed values'],
      [
        { column: 'name', order: 'up' },
        'body/sortBy/order must be equal to one of the allowed values',
      ],
      [{ order: 'asc' }, "body/sortBy must have required property 'column'"],
    ]
    for (const [sortBy, message] of cases) {
      const { status, body } = await rawList({ sortBy })
      expect(status).toBe(400)
      expect(body).toMatchObject({ statusCode: '400', message })
    }
  })

  it('limit: below 1 or not an integer refused, above 1000 served as 1000', async () => {
    expect((await rawList({ limit: 0 })).body).toMatchObject({
      statusCode: '400',
      message: 'body/limit must be >= 1',
    })
    expect((await rawList({ limit: 1.5 })).body).toMatchObject({
      statusCode: '400',
      message: 'body/limit must be integer',
    })
    await serviceClient(stack).storage.createBucket('many', { public: false })
    await stack.sql`insert into storage.objects (bucket_id, name, metadata)
      select 'many', 'f' || lpad(i::text, 4, '0'), '{}'::jsonb from generate_series(1, 1001) i`
    const big = await rawList({ limit: 5000 }, 'many')
    expect(big.status).toBe(200)
    expect(big.body.objects).toHaveLength(1000)
    expect(big.body.hasNext).toBe(true)
    expect(big.body.nextCursorKey).toBe('f1000')
    const rest = await rawList({ cursor: big.body.nextCursor }, 'many')
    expect(rest.body.objects.map((o) => o.name)).toEqual(['f1001'])
    const byDefault = await rawList({}, 'many')
    expect(byDefault.body.objects).toHaveLength(1000)
  })
})

describe('row-level security', () => {
  it('a caller sees only the objects it may select, and only their folders', async () => {
    const flat = await alice.client.storage.from('files').listV2()
    expect(flat.data!.objects.map((o) => o.name)).toEqual([
      `${alice.id}/a.txt`,
      `${alice.id}/sub/b.txt`,
    ])
    const root = await alice.client.storage.from('files').listV2({ with_delimiter: true })
    expect(root.data!.folders.map((f) => f.name)).toEqual([`${alice.id}/`])
    // Bob's folder, asked for by name, is empty to Alice, and a cursor cannot reach into it.
    const other = await alice.client.storage
      .from('files')
      .listV2({ prefix: `${bob.id}/`, with_delimiter: true })
    expect(other.data).toEqual({ hasNext: false, folders: [], objects: [] })
    for (const sortBy of [{ column: 'name' }, { column: 'created_at' }] as const) {
      const inside = await alice.client.storage
        .from('files')
        .listV2({ prefix: `${alice.id}/`, with_delimiter: true, sortBy })
      expect(inside.data!.folders.map((f) => f.name)).toEqual([`${alice.id}/sub/`])
      expect(inside.data!.objects.map((o) => o.name)).toEqual([`${alice.id}/a.txt`])
    }
    const anon = await stack.client().storage.from('files').listV2({ with_delimiter: true })
    expect(anon.data).toEqual({ hasNext: false, folders: [], objects: [] })
  })
})
