// Sidebar sections through the RPCs as the app calls them: create (with a channel moved in),
// rename, collapse, move, sort, star and unstar, delete (its channels go back to their default
// place); each person reads only their own, in workspaces they are a member of; every change
// reaches the person's user topic; refusals (an empty or too long name, a name taken, a built-in renamed or
// deleted, a sort of a section that has none or of no known kind, someone else's section, a
// channel not mine, a workspace not mine).
import path from 'node:path'
import type { TransactionSql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld } from './support/world.ts'
import type { Person, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

const as = <T>(person: Person, fn: (tx: TransactionSql) => Promise<T>) =>
  asRole(stack.sql, person, fn)

interface Section {
  id: string
  kind: string
  name: string | null
  position: number
  collapsed: boolean
}

const create = (person: Person, ws: string, name: string, channel: string | null = null) =>
  as(
    person,
    async (tx) =>
      (
        await tx<Section[]>`
          select * from public.create_sidebar_section(${ws}, ${name}, ${channel})`
      )[0]!
  )

const sections = (person: Person) =>
  as(
    person,
    (tx) => tx<Section[]>`
      select id, kind, name, position, collapsed from public.sidebar_sections order by position`
  )

const placements = (person: Person) =>
  as(
    person,
    (tx) => tx<{ channel_id: string; section_id: string; position: number }[]>`
      select channel_id, section_id, position from public.sidebar_placements order by position`
  )

const place = (person: Person, channel: string, section: string, position: number | null = null) =>
  as(person, (tx) => tx`select public.place_in_sidebar(${channel}, ${section}, ${position})`)

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return (error as { detail?: string }).detail
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('sidebar sections', () => {
  it('creates, moves into, renames, collapses, orders and deletes, only for their person', async () => {
    const { member, admin } = world.people
    const { ws, ch } = world
    const projects = await create(member, ws, '  Projects  ', ch.plaza)
    expect(projects).toMatchObject({ kind: 'custom', name: 'Projects', collapsed: false })
    const later = await create(member, ws, 'Read later')
    expect(later.position).toBeGreaterThan(projects.position)
    expect(await placements(member)).toEqual([
      { channel_id: ch.plaza, section_id: projects.id, position: 1 },
    ])
    // A DM too, and order within the section.
    await place(member, ch.dm, projects.id, 0.5)
    expect((await placements(member)).map((p) => p.channel_id)).toEqual([ch.dm, ch.plaza])

    // Someone else sees none of it, and cannot change it.
    expect(await sections(admin)).toEqual([])
    expect(await placements(admin)).toEqual([])
    expect(
      await refusal(
        as(admin, (tx) => tx`select public.update_sidebar_section(${ws}, ${projects.id}, 'Mine')`)
      )
    ).toBe('section_not_found')
    expect(
      await refusal(as(admin, (tx) => tx`select public.delete_sidebar_section(${ws}, ${later.id})`))
    ).toBe('section_not_found')
    expect(await refusal(place(admin, ch.plaza, projects.id))).toBe('section_not_found')

    await as(
      member,
      (tx) => tx`select public.update_sidebar_section(${ws}, ${projects.id}, ${'Launch'}, true)`
    )
    await as(
      member,
      (tx) => tx`select public.update_sidebar_section(${ws}, ${later.id}, null, null, ${0.25})`
    )
    expect((await sections(member)).map((s) => [s.name, s.collapsed])).toEqual([
      ['Read later', false],
      ['Launch', true],
    ])

    // The built-ins get a row when first changed: Channels collapsed, a channel starred.
    await as(
      member,
      (tx) => tx`select public.update_sidebar_section(${ws}, 'channels', null, true)`
    )
    await place(member, ch.general, 'starred')
    const mineNow = await sections(member)
    expect(mineNow.map((s) => s.kind)).toEqual(['starred', 'custom', 'custom', 'channels'])
    expect(mineNow.find((s) => s.kind === 'channels')?.collapsed).toBe(true)
    const starred = mineNow.find((s) => s.kind === 'starred')!
    expect((await placements(member)).find((p) => p.channel_id === ch.general)?.section_id).toBe(
      starred.id
    )
    // Unstarred: back in Channels.
    await place(member, ch.general, 'channels')
    expect((await placements(member)).some((p) => p.channel_id === ch.general)).toBe(false)

    // Direct messages sorted alphabetically, then back by most recent; Channels unchanged.
    const sortOf = async (kind: string) =>
      (
        await as(
          member,
          (tx) => tx<{ sort: string | null }[]>`
            select sort from public.sidebar_sections where kind = ${kind}`
        )
      )[0]?.sort
    await as(
      member,
      (tx) => tx`select public.update_sidebar_section(${ws}, 'dms', p_sort => 'alpha')`
    )
    expect(await sortOf('dms')).toBe('alpha')
    await as(
      member,
      (tx) => tx`select public.update_sidebar_section(${ws}, 'dms', p_sort => 'recent')`
    )
    expect(await sortOf('dms')).toBe('recent')
    expect(await sortOf('channels')).toBeNull()

    // Deleting a section sends its channels back to their default place.
    await as(member, (tx) => tx`select public.delete_sidebar_section(${ws}, ${projects.id})`)
    expect(await placements(member)).toEqual([])
    // (Direct messages has a row of its own now, sorted.)
    expect((await sections(member)).map((s) => s.name)).toEqual([null, 'Read later', null, null])

    const ops = await stack.sql<{ table: string; operation: string }[]>`
      select payload ->> 'table' as table, payload ->> 'operation' as operation
      from realtime.messages
      where topic = ${'live:user:' + member.id} and payload ->> 'table' like 'sidebar_%'
      order by inserted_at, id`
    expect(ops.length).toBeGreaterThanOrEqual(10)
    // The first call made the section and placed plaza in it (one transaction: either order).
    expect(ops.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { table: 'sidebar_sections', operation: 'INSERT' },
        { table: 'sidebar_placements', operation: 'INSERT' },
      ])
    )
    expect(ops).toContainEqual({ table: 'sidebar_sections', operation: 'DELETE' })
  })

  it('refuses bad input', async () => {
    const { member2, outsider, guest } = world.people
    const { ws, ws2, ch } = world
    expect(await refusal(create(member2, ws, '   '))).toBe('section_name_invalid')
    expect(await refusal(create(member2, ws, 'x'.repeat(81)))).toBe('section_name_invalid')
    await create(member2, ws, 'Team')
    expect(await refusal(create(member2, ws, 'team'))).toBe('section_name_taken')
    const other = await create(member2, ws, 'Other')
    expect(
      await refusal(
        as(member2, (tx) => tx`select public.update_sidebar_section(${ws}, ${other.id}, 'TEAM')`)
      )
    ).toBe('section_name_taken')
    expect(
      await refusal(
        as(member2, (tx) => tx`select public.update_sidebar_section(${ws}, 'starred', 'Faves')`)
      )
    ).toBe('section_builtin')
    expect(
      await refusal(as(member2, (tx) => tx`select public.delete_sidebar_section(${ws}, 'dms')`))
    ).toBe('section_builtin')
    expect(
      await refusal(as(member2, (tx) => tx`select public.delete_sidebar_section(${ws}, 'nope')`))
    ).toBe('section_not_found')
    expect(
      await refusal(
        as(
          member2,
          (tx) => tx`select public.update_sidebar_section(${ws}, ${other.id}, null, null, 'NaN')`
        )
      )
    ).toBe('invalid_argument')
    // Only the built-in Channels and Direct messages are sorted, and only these two ways.
    for (const [section, sort] of [
      [other.id, 'alpha'],
      ['starred', 'recent'],
      ['channels', 'priority'],
    ]) {
      expect(
        await refusal(
          as(
            member2,
            (tx) => tx`select public.update_sidebar_section(${ws}, ${section!}, p_sort => ${sort!})`
          )
        )
      ).toBe('section_sort')
    }
    // Not a channel of hers (quiet is private; she is not in it), not her workspace.
    expect(await refusal(place(member2, ch.quiet, 'starred'))).toBe('channel_not_found')
    expect(await refusal(create(outsider, ws, 'Sneaky'))).toBe('workspace_not_found')
    expect(await refusal(create(member2, ws2, 'Elsewhere'))).toBe('workspace_not_found')
    // A guest arranges their own channels too.
    const g = await create(guest, ws, 'Mine', ch.plaza)
    expect(g.name).toBe('Mine')
  })

  it('holds at most 100 sections a workspace', async () => {
    const { owner } = world.people
    await stack.sql`
      insert into public.sidebar_sections (user_id, workspace_id, name, position)
      select ${owner.id}, ${world.ws}, 'S' || i, i from generate_series(1, 100) i`
    expect(await refusal(create(owner, world.ws, 'One more'))).toBe('too_many_sections')
  })

  it('shows a person who left the workspace nothing of theirs there', async () => {
    const { member2 } = world.people
    expect((await sections(member2)).length).toBeGreaterThan(0)
    await stack.sql`delete from public.workspace_members
      where workspace_id = ${world.ws} and user_id = ${member2.id}`
    expect(await sections(member2)).toEqual([])
  })
})
