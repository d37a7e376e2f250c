// A placeholder's claim is known by its rows, with no session flag (issue 70: chorus.claiming
// went with 20261217140000_chorus_claim_on_the_row.sql). While the claim runs, the placeholder
// says who claims it (private.import_placeholders.claimed_by, set and gone inside the claim's
// transaction), and an update of a message that is exactly the claim's rewrite of it (the account
// instead of the placeholder, nothing else; named once if it was already) is the claim's: no
// edit mark, no version, nobody told; the account takes the placeholder's seats, an archived channel's too. The same-looking
// writes of a person, or of the database outside a claim, are what they are: an edit is
// versioned, told and guarded, and nobody joins an archived channel by themselves.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, buildWorld, createPerson, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

async function clock() {
  const [row] = await stack.sql<{ t: string }[]>`select clock_timestamp()::text as t`
  return row!.t
}

/** A placeholder of a done import of W with this address, sitting in plaza and in the archived
 *  attic; returns its id. */
async function placeholder(email: string): Promise<string> {
  const sql = stack.sql
  const id = randomUUID()
  const [run] = await sql<{ id: string }[]>`
    insert into public.imports (workspace_id, started_by, source_path, status, finished_at)
    values (${world.ws}, ${world.people.owner.id}, ${`${world.ws}/claim.zip`}, 'done',
      now() - interval '1 minute')
    returning id`
  await sql`
    insert into public.profiles (id, display_name, is_placeholder) values (${id}, 'From Slack', true)`
  await sql`insert into public.workspace_members (workspace_id, user_id) values (${world.ws}, ${id})`
  await sql`
    insert into private.import_placeholders (profile_id, workspace_id, import_id, slack_id, email)
    values (${id}, ${world.ws}, ${run!.id}, ${`U${id.slice(0, 8)}`}, ${email})`
  await sql`
    insert into public.channel_members (channel_id, user_id)
    values (${world.ch.plaza}, ${id}), (${world.ch.attic}, ${id})`
  return id
}

/** A message the placeholder wrote (as the import would have it: no signed-in caller). */
async function writtenBy(author: string, body: string): Promise<string> {
  const [row] = await stack.sql<{ id: string }[]>`
    insert into public.messages (channel_id, author_id, body)
    values (${world.ch.plaza}, ${author}, ${body}) returning id`
  return row!.id
}

interface Row {
  id: string
  author_id: string
  body: string
  mentions: string[]
  edited: boolean
  versions: number
  frames: number
}

/** The messages as they are, with their versions and the live frames sent of them since t0. */
async function messages(ids: string[], t0: string): Promise<Row[]> {
  return stack.sql<Row[]>`
    select m.id, m.author_id, m.body, m.mentions, m.edited_at is not null as edited,
      (select count(*)::int from public.message_versions v where v.message_id = m.id) as versions,
      (select count(*)::int from realtime.messages r
        where r.inserted_at >= ${t0}::timestamptz and r.payload ->> 'table' = 'messages'
          and r.payload -> 'record' ->> 'id' = m.id::text) as frames
    from public.messages m where m.id in ${stack.sql(ids)}
    order by array_position(${ids}::uuid[], m.id)`
}

describe("a placeholder's claim", () => {
  it('rewrites its messages as no edit and no news, and takes its seats, archived too', async () => {
    const sql = stack.sql
    const { owner, member } = world.people
    const email = `claimed-${randomUUID().slice(0, 8)}@example.test`
    const from = await placeholder(email)
    const mine = await writtenBy(from, `I wrote this in Slack, as <@${from}>`)
    const named = await makeMessage(sql, member, world.ch.plaza, `ask <@${from}> about it`)
    // The account is a member already, in plaza, and named beside the placeholder.
    const newcomer = await createPerson(stack, 'newcomer', email)
    await sql`
      insert into public.workspace_members (workspace_id, user_id) values (${world.ws}, ${newcomer.id})`
    await sql`
      insert into public.channel_members (channel_id, user_id) values (${world.ch.plaza}, ${newcomer.id})`
    const both = await makeMessage(
      sql,
      member,
      world.ch.plaza,
      `<@${from}> and <@${newcomer.id}>, meet`
    )
    const [invite] = await sql<{ token: string }[]>`
      insert into public.invites (workspace_id, email, created_by)
      values (${world.ws}, ${email}, ${owner.id}) returning token`
    const t0 = await clock()

    // The account with that verified address accepts the owner's invitation: a signed-in
    // request, which claims the placeholder.
    await asRole(sql, newcomer, (tx) => tx`select public.accept_invite(${invite!.token})`)

    expect(await messages([mine, named, both], t0)).toEqual([
      {
        id: mine,
        author_id: newcomer.id,
        body: `I wrote this in Slack, as <@${newcomer.id}>`,
        mentions: [newcomer.id],
        edited: false,
        versions: 0,
        frames: 0,
      },
      {
        id: named,
        author_id: member.id,
        body: `ask <@${newcomer.id}> about it`,
        mentions: [newcomer.id],
        edited: false,
        versions: 0,
        frames: 0,
      },
      {
        id: both,
        author_id: member.id,
        body: `<@${newcomer.id}> and <@${newcomer.id}>, meet`,
        mentions: [newcomer.id],
        edited: false,
        versions: 0,
        frames: 0,
      },
    ])
    const [after] = await sql<
      { seats: string[]; placeholder: number; claiming: number; claimed: number }[]
    >`
      select
        (select array_agg(cm.channel_id::text order by cm.channel_id) from public.channel_members cm
          where cm.user_id = ${newcomer.id}
            and cm.channel_id in (${world.ch.plaza}, ${world.ch.attic})) as seats,
        (select count(*)::int from public.profiles where id = ${from}) as placeholder,
        (select count(*)::int from private.import_placeholders where claimed_by is not null) as claiming,
        (select count(*)::int from private.import_claims where account_id = ${newcomer.id}) as claimed`
    expect(after).toEqual({
      seats: [world.ch.plaza, world.ch.attic].sort(),
      placeholder: 0,
      claiming: 0,
      claimed: 1,
    })
  })
})

describe('a write that looks like a claim, outside one', () => {
  it("is a person's edit: versioned, told and guarded", async () => {
    const sql = stack.sql
    const { member } = world.people
    const from = await placeholder(`unclaimed-${randomUUID().slice(0, 8)}@example.test`)
    // The member names the placeholder, then writes themselves in its place, as a claim would.
    const named = await makeMessage(sql, member, world.ch.plaza, `over to <@${from}>`)
    const gone = await makeMessage(sql, member, world.ch.plaza, `bye <@${from}>`)
    const t0 = await clock()
    await asRole(
      sql,
      member,
      (tx) => tx`
        update public.messages set body = ${`over to <@${member.id}>`} where id = ${named}`
    )
    const [edited] = await messages([named], t0)
    expect(edited).toMatchObject({
      author_id: member.id,
      body: `over to <@${member.id}>`,
      mentions: [member.id],
      edited: true,
      versions: 1,
    })
    expect(edited!.frames).toBeGreaterThan(0)
    // Guarded as any edit: a deleted message stays deleted.
    await asRole(sql, member, (tx) => tx`select public.delete_message(${gone})`)
    await expect(
      asRole(
        sql,
        member,
        (tx) => tx`update public.messages set body = ${`bye <@${member.id}>`} where id = ${gone}`
      )
    ).rejects.toMatchObject({ code: '22023', detail: 'message_deleted' })
    // Nor can a person say that a placeholder is being claimed.
    await expect(
      asRole(
        sql,
        member,
        (tx) => tx`
          update private.import_placeholders set claimed_by = ${member.id} where profile_id = ${from}`
      )
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('is an edit by the database too: the author stays, the text is versioned and told', async () => {
    const sql = stack.sql
    const { member } = world.people
    const from = await placeholder(`unclaimed-${randomUUID().slice(0, 8)}@example.test`)
    const theirs = await writtenBy(from, `I am <@${from}>`)
    const t0 = await clock()
    // No signed-in caller, the very rewrite a claim writes, but no placeholder is being claimed.
    await sql`
      update public.messages m
      set author_id = ${member.id},
        body = replace(m.body, ${`<@${from}>`}, ${`<@${member.id}>`}),
        mentions = array_replace(m.mentions, ${from}::uuid, ${member.id}::uuid)
      where m.id = ${theirs}`
    const [row] = await messages([theirs], t0)
    expect(row).toMatchObject({
      author_id: from,
      body: `I am <@${member.id}>`,
      mentions: [member.id],
      edited: true,
      versions: 1,
    })
    expect(row!.frames).toBeGreaterThan(0)
  })

  it('does not seat a person in an archived channel where a placeholder sits', async () => {
    const { member2 } = world.people
    await placeholder(`unclaimed-${randomUUID().slice(0, 8)}@example.test`)
    await expect(
      asRole(
        stack.sql,
        member2,
        (tx) => tx`
          insert into public.channel_members (channel_id, user_id)
          values (${world.ch.attic}, ${member2.id})`
      )
    ).rejects.toMatchObject({ code: '22023', detail: 'channel_archived' })
  })
})
