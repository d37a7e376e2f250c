// Search under RLS: a word and a file name in every channel of the matrix world, searched by
// every role in SQL (as the API runs it) and through REST with the real supabase-js. A role
// finds exactly the channels it may read: never a result, snippet or file name from a private
// channel or DM it is not in, a public channel it never joined, a channel it left, or another
// workspace.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { searchAs, uniqueWord } from './support/search.ts'
import { actorOf, asRole, attachmentPath, buildWorld, makeStoredObject } from './support/world.ts'
import type { Person, Role, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
let clients: Record<Role, SupabaseClient>
const word = uniqueWord()

type Channel = keyof World['ch']

/** The channels of the world each role may read (is a member of). */
const READS: Record<Role, readonly Channel[]> = {
  owner: ['general', 'plaza', 'quiet', 'dm', 'attic'],
  admin: ['general', 'plaza', 'attic'],
  member: ['general', 'plaza', 'quiet', 'dm', 'attic'],
  guest: ['plaza'],
  outsider: ['outside'],
  anon: [],
}

/** Which channel a search result came from, by the channel id. */
let channelName: Map<string, Channel>

async function seed(channel: Channel, author: Person): Promise<void> {
  const id = randomUUID()
  const file = `${word}-${channel}.txt`
  const p = await attachmentPath(stack.sql, world.ch[channel], id, file)
  await makeStoredObject(stack.sql, 'attachments', p, author)
  await asRole(
    stack.sql,
    author,
    (tx) => tx`
      select public.send_message(${id}, ${world.ch[channel]}, ${`${word} in ${channel}`},
        ${tx.json([{ path: p, name: file }])})`
  )
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  const p = world.people
  channelName = new Map(Object.entries(world.ch).map(([k, v]) => [v, k as Channel]))
  await stack.sql`update public.channels set archived_at = null where id = ${world.ch.attic}`
  for (const [channel, author] of [
    ['general', p.admin],
    ['plaza', p.member],
    ['quiet', p.owner],
    ['dm', p.member],
    ['second', p.member2],
    ['attic', p.owner],
    ['outside', p.outsider],
  ] as const) {
    await seed(channel, author)
  }
  await stack.sql`update public.channels set archived_at = now() where id = ${world.ch.attic}`
  clients = Object.fromEntries(
    (['owner', 'admin', 'member', 'outsider', 'anon'] as const).map((r) => [
      r,
      clientFor(stack, actorOf(world, r)),
    ])
  ) as Record<Role, SupabaseClient>
})

afterAll(async () => {
  await stack?.stop()
})

interface Found {
  channels: Channel[]
  snippets: string[]
  files: string[]
}

function summary(rows: { channel_id: string; snippet: string; file_names: string[] }[]): Found {
  return {
    channels: rows.map((r) => channelName.get(r.channel_id)!).sort(),
    snippets: rows.map((r) => r.snippet).sort(),
    files: rows.flatMap((r) => r.file_names).sort(),
  }
}

function expected(channels: readonly Channel[]): Found {
  const sorted = [...channels].sort()
  return {
    channels: sorted,
    snippets: sorted.map((c) => `${word} in ${c}`),
    files: sorted.map((c) => `${word}-${c}.txt`),
  }
}

async function viaSql(role: Role, workspace: string, terms: string[]): Promise<Found | string> {
  try {
    return summary(await searchAs(stack.sql, actorOf(world, role), { workspace, terms }))
  } catch (error) {
    return (error as { code: string }).code
  }
}

async function viaRest(role: Role, workspace: string, terms: string[]): Promise<Found | string> {
  const { data, error } = await clients[role].rpc('search_messages', {
    p_workspace_id: workspace,
    p_terms: terms,
  })
  return error ? (error.code ?? 'unknown') : summary(data as never)
}

const ROLES_WITH_ACCOUNTS = ['owner', 'admin', 'member', 'outsider'] as const

describe('search under RLS', () => {
  for (const role of ROLES_WITH_ACCOUNTS) {
    for (const [how, run] of [
      ['SQL', viaSql],
      ['REST', viaRest],
    ] as const) {
      it(`${role} finds exactly the channels they read (${how}, by word and by file name)`, async () => {
        const inWorkspace = READS[role].filter((c) => c !== 'outside')
        const inOther = READS[role].filter((c) => c === 'outside')
        expect(await run(role, world.ws, [word])).toEqual(expected(inWorkspace))
        expect(await run(role, world.ws, [`${word}-`])).toEqual(expected(inWorkspace))
        expect(await run(role, world.ws2, [word])).toEqual(expected(inOther))
      })
    }
  }

  it('anon may not search at all', async () => {
    expect(await viaSql('anon', world.ws, [word])).toBe('42501')
    expect(await viaRest('anon', world.ws, [word])).toBe('42501')
  })

  it('the folded text is read only through search: not as a table, nor for channels not read', async () => {
    for (const role of ['member', 'outsider', 'anon'] as const) {
      const code = await asRole(
        stack.sql,
        actorOf(world, role),
        (tx) => tx`select count(*) from private.message_search`
      ).then(
        () => 'read',
        (e: { code: string }) => e.code
      )
      expect(code).toBe('42501')
    }
    // search_hits (run by search_messages) keeps to the caller's channels itself.
    const hits = (person: Person, workspace: string) =>
      asRole(
        stack.sql,
        person,
        (tx) => tx<{ id: string }[]>`
          select h.id from private.search_hits(${workspace}, ${[`%${word}%`]}::text[], '{}',
            null, null, null, '{}', '{}') as h`
      )
    expect(await hits(world.people.outsider, world.ws)).toEqual([])
    expect(await hits(world.people.admin, world.ws)).toHaveLength(READS.admin.length)
  })

  it('names in from: and mentions: are only people of the workspace', async () => {
    const rows = await searchAs(stack.sql, world.people.member, {
      workspace: world.ws,
      terms: [word],
      from: ['outsider'],
    })
    expect(rows).toEqual([])
  })

  it('a channel the member left is searched as it is read: not at all', async () => {
    const member = world.people.member
    const before = await viaSql('member', world.ws, [word])
    expect((before as Found).channels).toContain('plaza')
    await asRole(stack.sql, member, (tx) => tx`select public.leave_channel(${world.ch.plaza})`)
    const read = await asRole(
      stack.sql,
      member,
      (tx) => tx`select id from public.messages where channel_id = ${world.ch.plaza}`
    )
    expect(read).toEqual([])
    expect(await viaSql('member', world.ws, [word])).toEqual(
      expected(READS.member.filter((c) => c !== 'plaza'))
    )
    expect(await viaRest('member', world.ws, [word])).toEqual(
      expected(READS.member.filter((c) => c !== 'plaza'))
    )
  })
})
