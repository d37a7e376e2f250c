// Imports beyond a first Slack export, over HTTP against the real stack: a Chorus export keeps
// its markdown, moves its ids and brings its files from the zip; only a workspace's owners may
// start, cancel, upload or see its imports; a cancel stops the import and removes what it added
// (channels, memberships, the placeholders it made); a deactivated person is a former member's
// placeholder, never invited. The Slack import itself: imports.test.ts; placeholders and their
// claims: imports-placeholders.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { waitFor } from '../../backend/test/support/wait.ts'
import { channelsOf } from './support/imports-checks.ts'
import { addressFor, importKit, ok, teamEmails } from './support/imports.ts'
import { teamExport, zipOf } from './support/slack-export.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let owner: Person
let ann: Person
let stranger: Person
const kit = importKit(() => stack)
const { as } = kit
const emails = () => teamEmails(ann)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  ;[owner, ann, stranger] = (await Promise.all(
    ['Olga Owner', 'Ann Existing', 'Sam Stranger'].map((n) => createPerson(stack, n, addressFor(n)))
  )) as [Person, Person, Person]
}, 120_000)

afterAll(async () => {
  if (stack) await kit.settled()
  await stack?.stop()
})

describe('a Chorus export', () => {
  it('keeps its markdown, moves its ids and takes its files from the zip', async () => {
    const source = randomUUID()
    const person = randomUUID()
    const channel = randomUUID()
    const ws = await kit.workspace(owner, 'From Chorus')
    const zip = zipOf({
      'chorus.json': {
        format: 'chorus-export',
        version: 1,
        workspace: { id: source, name: 'Old', slug: 'old' },
        exported_at: '2024-05-02T00:00:00Z',
        kind: 'workspace',
      },
      'users.json': [{ id: person, name: 'ann', profile: { email: ann.email } }],
      'channels.json': [{ id: channel, name: 'notes', created: 1714500000, members: [person] }],
      'notes/2024-05-01.json': [
        {
          type: 'message',
          user: person,
          text: `**kept** *as is* <@${person}> [#notes](/w/${source}/c/${channel})`,
          ts: '1714550400.000000',
          client_msg_id: randomUUID(),
          files: [
            { id: 'F1', name: 'a.txt', mimetype: 'text/plain', chorus_path: 'files/F1/a.txt' },
          ],
        },
      ],
      'files/F1/a.txt': 'hello from the zip',
    })
    const done = await kit.ended((await kit.start(owner, ws, await kit.upload(owner, ws, zip))).id)
    expect(done).toMatchObject({ status: 'done', messages_done: 1, files_done: 1, report: [] })
    const [notes] = (await channelsOf(stack.sql, ws)).filter((c) => c.name === 'notes')
    // The person is a placeholder (Ann's address or not), mentioned by its new id, until Ann
    // claims it: then the message, and the mention, are hers.
    const placeholder = await kit.placeholderOf(ws, ann.email)
    const [imported] = await stack.sql`
      select body, author_id from public.messages where channel_id = ${notes!.id}`
    expect(imported).toEqual({
      body: `**kept** *as is* <@${placeholder}> [#notes](/w/${ws}/c/${notes!.id})`,
      author_id: placeholder,
    })
    await kit.claim(owner, ws, ann)
    const [message] = ok(
      await as(ann).from('messages').select('id, body, author_id').eq('channel_id', notes!.id)
    ) as { id: string; body: string; author_id: string }[]
    expect(message).toMatchObject({
      body: `**kept** *as is* <@${ann.id}> [#notes](/w/${ws}/c/${notes!.id})`,
      author_id: ann.id,
    })
    const file = await as(ann)
      .storage.from('attachments')
      .download(`${ws}/${notes!.id}/${message!.id}/a.txt`)
    expect(await file.data!.text()).toBe('hello from the zip')
  })
})

describe('owners only', () => {
  it('refuses to start, cancel, upload or show imports to anyone else', async () => {
    const ws = await kit.workspace(owner, 'Owners only')
    const path = await kit.upload(owner, ws, zipOf(teamExport({ emails: emails() })))
    const link = ok(
      await as(owner).rpc('create_invite', { p_workspace_id: ws }).single<{ token: string }>()
    )
    ok(await as(stranger).rpc('accept_invite', { p_token: link.token }))
    const refused = await as(stranger).rpc('start_import', { p_workspace: ws, p_path: path })
    expect(refused.error).toMatchObject({
      code: '42501',
      message: "Only the workspace's owners can import into it.",
      details: 'workspace_owner_only',
    })
    const upload = await as(stranger)
      .storage.from('imports')
      .upload(`${ws}/mine.zip`, zipOf({ 'users.json': [] }), { contentType: 'application/zip' })
    expect(upload.error).not.toBeNull()
    // One slice at a time, none chained: the import stays running for what follows.
    await stack.sql`
      insert into private.import_settings (name, value) values ('slice_batches', '1'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const started = await kit.start(owner, ws, path)
      expect(ok(await as(stranger).from('imports').select('id').eq('workspace_id', ws))).toEqual([])
      expect(ok(await as(owner).from('imports').select('id').eq('workspace_id', ws))).toEqual([
        { id: started.id },
      ])
      const cancel = await as(stranger).rpc('cancel_import', { p_import: started.id })
      expect(cancel.error).toMatchObject({
        code: '42501',
        message: "Only the workspace's owners can cancel its imports.",
        details: 'workspace_owner_only',
      })
      const again = await as(owner).rpc('start_import', { p_workspace: ws, p_path: path })
      expect(again.error).toMatchObject({
        code: '23505',
        message: 'An import into this workspace is already running.',
        details: 'import_in_progress',
      })
      ok(await as(owner).rpc('cancel_import', { p_import: started.id }))
    } finally {
      await stack.sql`delete from private.import_settings`
    }
  })
})

describe('a cancelled import', () => {
  it('stops and removes what it added: channels, memberships, placeholders', async () => {
    await stack.sql`
      insert into private.import_settings (name, value)
      values ('slice_batches', '1'), ('batch_messages', '2'), ('chain', 'off')
      on conflict (name) do update set value = excluded.value`
    try {
      const ws = await kit.workspace(owner, 'Cancelled')
      const newcomers: [string, string, string] = [
        ann.email,
        `dan-${ws.slice(0, 6)}@example.test`,
        `eve-${ws.slice(0, 6)}@example.test`,
      ]
      const path = await kit.upload(owner, ws, zipOf(teamExport({ emails: newcomers })))
      const started = await kit.start(owner, ws, path)
      for (let slice = 0; slice < 3; slice += 1) {
        await waitFor('the slice to stop', async () => {
          const found = await kit.row(started.id)
          return found.status === 'running' && found.heartbeat_at === null ? found : undefined
        })
        if (slice < 2) expect((await kit.callFunction(started.id)).status).toBe(200)
      }
      expect((await kit.row(started.id)).messages_done).toBeGreaterThan(0)
      const cancelled = ok(await as(owner).rpc('cancel_import', { p_import: started.id }).single())
      expect(cancelled).toMatchObject({ status: 'cancelled' })
      const left = await stack.sql`
        select (select count(*)::int from public.channels where workspace_id = ${ws} and not is_default and not auto_join) as channels,
          (select count(*)::int from public.workspace_members where workspace_id = ${ws}) as members`
      expect(left[0]).toEqual({ channels: 0, members: 1 })
      // No account was made; the placeholders it made are gone with their memberships.
      const [made] = await stack.sql`
        select (select count(*)::int from auth.users where email in ${stack.sql(newcomers.slice(1))}) as accounts,
          (select count(*)::int from private.import_placeholders where workspace_id = ${ws}) as placeholders,
          (select count(*)::int from public.profiles p join private.import_people ip on ip.user_id = p.id
            where ip.import_id = ${started.id}) as profiles`
      expect(made).toEqual({ accounts: 0, placeholders: 0, profiles: 0 })
      const [annStill] =
        await stack.sql`select count(*)::int as n from auth.users where id = ${ann.id}`
      expect(annStill!.n).toBe(1)
      const audit = await stack.sql`
        select action from public.audit_log where workspace_id = ${ws} and action like 'import.%' order by id`
      expect(audit.map((a) => a.action)).toEqual(['import.started', 'import.cancelled'])
      const refused = await as(owner).rpc('cancel_import', { p_import: started.id })
      expect(refused.error).toMatchObject({
        code: '22023',
        message: 'This import is no longer running: it is cancelled.',
        details: 'import_not_running',
      })
    } finally {
      await stack.sql`delete from private.import_settings`
    }
  })
})

describe('a deactivated person in the archive', () => {
  it("is a former member, their messages their placeholder's, and is never invited", async () => {
    const tag = randomUUID().slice(0, 6)
    const gone = `gone-${tag}@example.test`
    const zip = zipOf({
      'users.json': [
        { id: 'U1', name: 'ann', profile: { email: ann.email } },
        { id: 'U2', name: 'gone', deleted: true, profile: { email: gone, real_name: 'Gone' } },
        { id: 'U3', name: 'left', deleted: true, profile: { email: stranger.email } },
      ],
      'channels.json': [
        { id: 'C1', name: 'history', created: 1714500000, members: ['U1', 'U2', 'U3'] },
      ],
      'history/2024-05-01.json': [
        { type: 'message', user: 'U1', text: 'from ann', ts: '1714550400.000100' },
        { type: 'message', user: 'U2', text: 'from gone', ts: '1714550401.000100' },
        { type: 'message', user: 'U3', text: 'from left', ts: '1714550402.000100' },
      ],
    })
    const ws = await kit.workspace(owner, 'Deactivated')
    const done = await kit.ended((await kit.start(owner, ws, await kit.upload(owner, ws, zip))).id)
    expect(done).toMatchObject({ status: 'done', messages_done: 3 })
    const [invited] = await stack.sql`
      select (select count(*)::int from auth.users where email = ${gone}) as accounts,
        (select count(*)::int from public.invites where workspace_id = ${ws}) as invites`
    expect(invited).toEqual({ accounts: 0, invites: 0 })
    // No account joins: the people are placeholders, the deactivated ones former members.
    const members = await stack.sql<{ name: string; current: boolean; placeholder: boolean }[]>`
      select p.display_name as name, wm.left_at is null as current, p.is_placeholder as placeholder
      from public.workspace_members wm join public.profiles p on p.id = wm.user_id
      where wm.workspace_id = ${ws} order by p.display_name`
    expect(members).toEqual([
      { name: 'Gone', current: false, placeholder: true },
      { name: 'Olga Owner', current: true, placeholder: false },
      { name: 'ann', current: true, placeholder: true },
      { name: 'left', current: false, placeholder: true },
    ])
    const messages = await stack.sql<{ body: string; author: string; placeholder: boolean }[]>`
      select m.body, p.display_name as author, p.is_placeholder as placeholder
      from public.messages m join public.channels c on c.id = m.channel_id
      join public.profiles p on p.id = m.author_id
      where c.workspace_id = ${ws} order by m.created_at`
    expect(messages).toEqual([
      { body: 'from ann', author: 'ann', placeholder: true },
      { body: 'from gone', author: 'Gone', placeholder: true },
      { body: 'from left', author: 'left', placeholder: true },
    ])
    // Only the active person may be invited to claim theirs.
    const invitees = ok(await as(owner).rpc('import_invitees', { p_import: done.id })) as {
      email: string
    }[]
    expect(invitees.map((i) => i.email)).toEqual([ann.email.toLowerCase()])
  })
})
