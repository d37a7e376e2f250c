// Exports over real HTTP with supabase-js, pg_net and the exports Edge Function: an
// owner's workspace export (the workspace's setting allowing everything) holds every channel,
// member, message, thread, reaction, edit with its versions, and file; a personal export exactly
// the person's own data; only who may read the row reads or signs the zip; the signed link
// expires; the cron job deletes expired exports. The world is support/exports-world.ts's.
import { describe, expect, it } from 'vitest'
import { waitFor } from '../../backend/test/support/wait.ts'
import { useExportWorld } from './support/exports-world.ts'
import type { ExportRow } from './support/exports.ts'
import { ok } from './support/retention.ts'

const t = useExportWorld()
const { as, ex, ids, kit, ownersFile, othersFile } = t

describe('a workspace export', () => {
  it('holds every channel, member, message with threads, reactions, edits, versions and files', async () => {
    const row = await ex.exported(t.owner.token, t.ws.id, 'workspace')
    expect(row).toMatchObject({ kind: 'workspace', storage_path: `${t.ws.id}/${row.id}.zip` })
    expect(new Date(row.expires_at!).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000)
    const zip = await ex.download(t.owner.token, row)

    expect(ex.jsonOf(zip, 'chorus.json')).toMatchObject({
      format: 'chorus-export',
      version: 1,
      kind: 'workspace',
      workspace: { id: t.ws.id, name: 'Exported' },
    })
    const users = ex.jsonOf<{ id: string; profile: { email: string } }[]>(zip, 'users.json')
    expect(users.map((u) => [u.id, u.profile.email]).sort()).toEqual(
      [t.owner, t.member, t.other].map((p) => [p.id, p.email]).sort()
    )
    const idsIn = (name: string) => ex.jsonOf<{ id: string }[]>(zip, name).map((c) => c.id)
    const publicOnes = await t.stack.sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${t.ws.id} and kind = 'public'`
    expect(new Set(idsIn('channels.json'))).toEqual(new Set(publicOnes.map((c) => c.id)))
    expect(idsIn('channels.json')).toContain(t.ws.general)
    expect(idsIn('groups.json')).toEqual([t.secret])
    expect(idsIn('dms.json')).toEqual([t.dm])
    expect(idsIn('mpims.json')).toEqual([t.group])
    const groups = ex.jsonOf<{ name: string; members: string[] }[]>(zip, 'groups.json')
    expect(groups[0]).toMatchObject({ name: 'secret' })
    expect(groups[0]!.members.sort()).toEqual([t.owner.id, t.member.id].sort())

    const messages = ex.messagesIn(zip)
    const byId = new Map(messages.map((m) => [m.client_msg_id, m]))
    expect(new Set(byId.keys())).toEqual(new Set(Object.values(ids)))
    const plan = byId.get(ids.plan)!
    expect(plan).toMatchObject({
      folder: 'secret',
      user: t.owner.id,
      text: 'OWNER-SECRET final',
      thread_ts: plan.ts,
      reply_count: 1,
      reply_users: [t.member.id],
      reactions: [{ name: 'tada', users: [t.member.id], count: 1 }],
      pinned_to: [t.secret],
      chorus_versions: [{ body: 'OWNER-SECRET first draft' }],
    })
    expect(plan.edited!.ts > plan.ts).toBe(true)
    expect(byId.get(ids.reply)).toMatchObject({
      folder: 'secret',
      thread_ts: plan.ts,
      parent_user_id: t.owner.id,
    })
    expect(byId.get(ids.dm)).toMatchObject({ folder: t.dm, text: 'MEMBER-DM just us two' })
    expect(byId.get(ids.group)).toMatchObject({ folder: `mpdm-${t.group}` })
    // Files: inside the zip, byte for byte.
    const [file] = plan.files!
    expect(file).toMatchObject({ name: 'plan.txt', size: ownersFile.length })
    expect(zip[file!.chorus_path]).toEqual(ownersFile)
    const [notes] = byId.get(ids.othersOwn)!.files!
    expect(zip[notes!.chorus_path]).toEqual(othersFile)

    const audit = await t.stack.sql<{ action: string; actor_role: string }[]>`
      select action, actor_role from public.audit_log
      where workspace_id = ${t.ws.id} and action like 'export.%' order by id`
    expect(audit).toEqual([
      { action: 'export.requested', actor_role: 'owner' },
      { action: 'export.done', actor_role: 'system' },
    ])
  })

  it('is for owners only; bad requests get clear errors and store nothing', async () => {
    const before = await t.stack.sql`select id from public.exports`
    const refused = await as(t.member.token).rpc('request_export', {
      p_workspace: t.ws.id,
      p_kind: 'workspace',
    })
    expect(refused.error).toMatchObject({
      code: '42501',
      message: "Only the workspace's owners can export it.",
      details: 'workspace_owner_only',
    })
    const stranger = await as(t.outsider.token).rpc('request_export', {
      p_workspace: t.ws.id,
      p_kind: 'personal',
    })
    expect(stranger.error).toMatchObject({
      code: '22023',
      message: 'Workspace not found.',
      details: 'workspace_not_found',
    })
    const badKind = await as(t.owner.token).rpc('request_export', {
      p_workspace: t.ws.id,
      p_kind: 'everything',
    })
    expect(badKind.error).toMatchObject({
      code: '22023',
      message: 'An export is of the workspace or of your own data: everything was asked for.',
      details: 'invalid_argument',
    })
    const notAUuid = await as(t.owner.token).rpc('request_export', {
      p_workspace: 'nope',
      p_kind: 'workspace',
    })
    expect(notAUuid.error?.code).toBe('22P02')
    const anon = await t.stack
      .client()
      .rpc('request_export', { p_workspace: t.ws.id, p_kind: 'personal' })
    expect(anon.error?.code).toBe('42501')
    const direct = await as(t.owner.token)
      .from('exports')
      .insert({ workspace_id: t.ws.id, requested_by: t.owner.id, kind: 'workspace' })
    expect(direct.error?.code).toBe('42501')
    // One in the making per person.
    const [busy] = await t.stack.sql<{ id: string }[]>`
      insert into public.exports (workspace_id, requested_by, kind, status)
      values (${t.ws.id}, ${t.member.id}, 'personal', 'running') returning id`
    const again = await as(t.member.token).rpc('request_export', {
      p_workspace: t.ws.id,
      p_kind: 'personal',
    })
    expect(again.error).toMatchObject({
      code: '23505',
      message: 'An export of yours is still being made.',
      details: 'export_in_progress',
    })
    await t.stack.sql`delete from public.exports where id = ${busy!.id}`
    expect(await t.stack.sql`select id from public.exports`).toEqual(before)
  })

  it('still finishes when Storage no longer has a file, and lists it as missing', async () => {
    const gaps = await kit.workspace('Gaps', t.owner, [])
    const id = await ex.send(t.owner.token, gaps.general, 'a file that goes', {
      files: [{ ws: gaps.id, name: 'gone.txt', bytes: ownersFile }],
    })
    await t.stack.sql.begin(async (tx) => {
      await tx`select set_config('storage.allow_delete_query', 'true', true)`
      await tx`delete from storage.objects where bucket_id = 'attachments' and name like ${`${gaps.id}/%`}`
    })
    const zip = await ex.download(
      t.owner.token,
      await ex.exported(t.owner.token, gaps.id, 'workspace')
    )
    const [message] = ex.messagesIn(zip).filter((m) => m.client_msg_id === id)
    const path = message!.files![0]!.chorus_path
    expect(zip[path]).toBeUndefined()
    expect(ex.jsonOf(zip, 'chorus_missing_files.json')).toEqual([
      { id: expect.any(String), chorus_path: path, reason: expect.stringMatching(/not.?found/i) },
    ])
  })

  it('builds only a queued export, once, whoever calls the function', async () => {
    const call = (body: string) =>
      fetch(`${t.stack.url}/functions/v1/exports`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
    const bad = await call('{"export_id": "../../etc"}')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'Send {"export_id": "<uuid>"}.' })
    expect((await call('not json')).status).toBe(400)
    const [done] = await t.stack.sql<{ id: string }[]>`
      select id from public.exports where status = 'done' limit 1`
    const again = await call(JSON.stringify({ export_id: done!.id }))
    expect(await again.json()).toEqual({ export_id: done!.id, status: 'not queued' })
  })
})

describe('a personal export', () => {
  let row: ExportRow

  it("holds exactly the person's own data, nothing of a channel they are not in", async () => {
    row = await ex.exported(t.other.token, t.ws.id, 'personal')
    const zip = await ex.download(t.other.token, row)
    expect(ex.jsonOf(zip, 'chorus.json')).toMatchObject({ kind: 'personal', person: t.other.id })
    expect(ex.jsonOf(zip, 'users.json')).toEqual([
      expect.objectContaining({
        id: t.other.id,
        profile: expect.objectContaining({ email: t.other.email }),
      }),
    ])
    const messages = ex.messagesIn(zip)
    expect(messages.map((m) => m.client_msg_id).sort()).toEqual(
      [ids.othersReply, ids.othersOwn, ids.group].sort()
    )
    expect(messages.every((m) => m.user === t.other.id)).toBe(true)
    expect(ex.jsonOf(zip, 'groups.json')).toEqual([])
    expect(ex.jsonOf(zip, 'dms.json')).toEqual([])
    expect(ex.jsonOf<{ members: string[] }[]>(zip, 'mpims.json')).toEqual([
      expect.objectContaining({ id: t.group, members: [t.other.id] }),
    ])
    // Nobody else's words anywhere in the zip, nor a channel the person is not in.
    const everything = Object.values(zip).map((bytes) => Buffer.from(bytes).toString('utf8'))
    for (const marker of [
      'OWNER-SECRET',
      'OWNER-GENERAL',
      'OWNER-GROUP',
      'MEMBER-DM',
      t.secret,
      t.dm,
    ]) {
      expect(
        everything.some((text) => text.includes(marker)),
        marker
      ).toBe(false)
    }
    const reply = messages.find((m) => m.client_msg_id === ids.othersReply)!
    expect(reply).toMatchObject({ parent_user_id: t.owner.id })
    const [notes] = messages.find((m) => m.client_msg_id === ids.othersOwn)!.files!
    expect(zip[notes!.chorus_path]).toEqual(othersFile)
    expect(Object.keys(zip).filter((name) => name.startsWith('files/'))).toHaveLength(1)
    expect(ex.jsonOf(zip, 'chorus_personal.json')).toMatchObject({
      reactions: [{ client_msg_id: ids.general, emoji: '👍', channel: t.ws.general }],
      saved: [{ client_msg_id: ids.general, channel: t.ws.general }],
      scheduled: [{ channel: t.ws.general, text: 'other, tomorrow', failed_at: null }],
      drafts: [{ channel: t.ws.general, thread: null, text: 'other, still writing' }],
    })
    // Not in the workspace's audit log: a person's own export is theirs.
    expect(
      await t.stack.sql`select 1 from public.audit_log where details->>'export_id' = ${row.id}`
    ).toHaveLength(0)
  })

  it('is read and signed by that person only (REST and Storage)', async () => {
    for (const person of [t.owner, t.member, t.outsider]) {
      expect(ok(await as(person.token).from('exports').select('id').eq('id', row.id))).toEqual([])
      const signed = await as(person.token)
        .storage.from('exports')
        .createSignedUrl(row.storage_path, 3600)
      expect(signed.error).not.toBeNull()
      const download = await as(person.token).storage.from('exports').download(row.storage_path)
      expect(download.error).not.toBeNull()
    }
    const anon = await t.stack
      .client()
      .storage.from('exports')
      .createSignedUrl(row.storage_path, 60)
    expect(anon.error).not.toBeNull()
    // The owner's workspace export is not the member's either.
    const [workspaceExport] = await t.stack.sql<{ storage_path: string }[]>`
      select storage_path from public.exports where kind = 'workspace' and status = 'done'`
    const theirs = await as(t.member.token)
      .storage.from('exports')
      .createSignedUrl(workspaceExport!.storage_path, 3600)
    expect(theirs.error).not.toBeNull()
  })

  it('is downloaded through a signed link that stops working when it expires', async () => {
    const signed = ok(
      await as(t.other.token).storage.from('exports').createSignedUrl(row.storage_path, 1)
    )
    const answer = await waitFor('the link expired', async () => {
      const response = await fetch(signed.signedUrl)
      const body = await response.text()
      return response.status === 200 ? undefined : { status: response.status, body }
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({
      error: 'InvalidJWT',
      message: expect.stringMatching(/exp/),
    })
  })

  it('goes after seven days with its file, by the cron job, through the Storage API', async () => {
    const [job] = await t.stack.sql<{ command: string; schedule: string }[]>`
      select command, schedule from cron.job where jobname = 'chorus-exports-expire'`
    expect(job).toEqual({ command: 'select private.expire_exports()', schedule: '23 * * * *' })
    await t.stack
      .sql`update public.exports set expires_at = now() - interval '1 minute' where id = ${row.id}`
    await t.stack.sql.unsafe(job!.command)
    expect(await t.stack.sql`select 1 from public.exports where id = ${row.id}`).toHaveLength(0)
    await waitFor('the file removed from Storage', async () =>
      (
        await t.stack
          .sql`select 1 from storage.objects where bucket_id = 'exports' and name = ${row.storage_path}`
      ).length === 0
        ? true
        : undefined
    )
    // The person may ask again.
    const again = await ex.exported(t.other.token, t.ws.id, 'personal')
    expect(again.id).not.toBe(row.id)
  })
})
