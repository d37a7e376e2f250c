// Deleting an account over real HTTP with supabase-js (Auth's admin API): each workspace's
// owners chose whether the person's messages are kept under their name, anonymized or removed
// (with their files, through the retention-files Edge Function), and the audit log says what
// was done; the choice can be changed back, and owners read who changed it.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { waitFor } from '../../backend/test/support/wait.ts'
import { ok, retentionKit } from './support/retention.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let owner: Person
let member: Person
const kit = retentionKit(() => stack)
const { as, post, auditOf } = kit

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  ;[owner, member] = (await Promise.all(
    ['Olga Owner', 'Mia Member'].map((n) => createPerson(stack, n))
  )) as [Person, Person]
}, 120_000)

afterAll(async () => {
  await stack?.stop()
})

describe('deleting an account', () => {
  it("keeps, anonymizes or removes the person's messages as each workspace's owners chose", async () => {
    const leaver = await createPerson(stack, 'Lee Leaver')
    const setups = [] as {
      policy: string
      ws: string
      ids: Record<string, string>
      file?: string
    }[]
    for (const policy of ['keep', 'anonymize', 'remove']) {
      const team = await kit.workspace(`Accounts ${policy}`, owner, [leaver])
      if (policy !== 'keep') {
        ok(
          await as(owner).rpc('set_workspace_retention', {
            p_workspace_id: team.id,
            p_keep_days: null,
            p_deleted_accounts: policy,
          })
        )
      }
      const plain = await post(leaver, team.general, `plain in ${policy}`, 3)
      const deleted = await post(leaver, team.general, `deleted in ${policy}`, 3)
      ok(await as(leaver).from('messages').update({ deleted_at: 'now' }).eq('id', deleted))
      const parent = await post(leaver, team.general, `parent in ${policy}`, 3)
      const othersReply = await post(owner, team.general, 'a reply by someone else', 2, parent)
      const othersParent = await post(owner, team.general, 'a thread by someone else', 3)
      const reply = await post(leaver, team.general, `reply in ${policy}`, 2, othersParent)
      const ids = { plain, deleted, parent, othersReply, othersParent, reply }
      const file =
        policy === 'remove' ? await kit.attach(leaver, team.id, team.general, plain) : undefined
      setups.push({ policy, ws: team.id, ids, file })
    }

    const service = stack.client(stack.serviceRoleKey)
    expect((await service.auth.admin.deleteUser(leaver.id)).error).toBeNull()
    expect(await stack.sql`select 1 from public.profiles where id = ${leaver.id}`).toHaveLength(0)

    const rows = async (ids: string[]) =>
      stack.sql<{ id: string; author_id: string | null; body: string; deleted_at: Date | null }[]>`
        select id, author_id, body, deleted_at from public.messages where id = any (${ids}::uuid[])`
    const [keep, anonymize, remove] = setups as [
      (typeof setups)[0],
      (typeof setups)[0],
      (typeof setups)[0],
    ]

    // keep: everything stays, under their name
    const kept = await rows(Object.values(keep.ids))
    expect(kept).toHaveLength(6)
    expect(kept.find((r) => r.id === keep.ids.plain)).toMatchObject({
      author_id: leaver.id,
      body: 'plain in keep',
    })
    expect(kept.find((r) => r.id === keep.ids.deleted)).toMatchObject({ author_id: leaver.id })
    expect(
      ok(
        await as(owner)
          .from('deactivated_people')
          .select('user_id, display_name')
          .eq('workspace_id', keep.ws)
      )
    ).toEqual([{ user_id: leaver.id, display_name: 'Lee Leaver' }])

    // anonymize: everything stays, without an author; the others' messages keep theirs
    const anonymous = await rows(Object.values(anonymize.ids))
    expect(anonymous).toHaveLength(6)
    for (const key of ['plain', 'deleted', 'parent', 'reply']) {
      expect(anonymous.find((r) => r.id === anonymize.ids[key])!.author_id).toBeNull()
    }
    expect(anonymous.find((r) => r.id === anonymize.ids.plain)!.body).toBe('plain in anonymize')
    expect(anonymous.find((r) => r.id === anonymize.ids.othersReply)!.author_id).toBe(owner.id)
    expect(
      ok(await as(owner).from('deactivated_people').select('*').eq('workspace_id', anonymize.ws))
    ).toEqual([])

    // remove: gone, but for the parent another's reply keeps (deleted, without an author)
    expect(new Set((await rows(Object.values(remove.ids))).map((r) => r.id))).toEqual(
      new Set([remove.ids.parent, remove.ids.othersReply, remove.ids.othersParent])
    )
    const [parent] = await rows([remove.ids.parent!])
    expect(parent).toMatchObject({ author_id: null, body: '' })
    expect(parent!.deleted_at).not.toBeNull()
    const [thread] =
      await stack.sql`select reply_count from public.threads where id = ${remove.ids.othersParent!}`
    expect(thread!.reply_count).toBe(0)
    await waitFor(
      'the removed person’s file gone from Storage',
      () => kit.objectGone(remove.file!),
      20_000
    )

    for (const setup of setups) {
      const [entry] = await auditOf(setup.ws, 'retention.account_deleted')
      expect(entry).toMatchObject({
        actor_role: 'system',
        target_label: setup.policy === 'keep' ? 'Lee Leaver' : null,
        details: {
          policy: setup.policy,
          removed: setup.policy === 'remove' ? 3 : 0,
          anonymized: setup.policy === 'anonymize' ? 4 : 0,
        },
      })
    }
  })

  it('can be changed back, and an owner reads who changed it', async () => {
    const team = await kit.workspace('Accounts policy', owner, [member])
    ok(
      await as(owner).rpc('set_workspace_retention', {
        p_workspace_id: team.id,
        p_keep_days: 365,
        p_deleted_accounts: 'remove',
      })
    )
    // Leaving p_deleted_accounts out keeps what was chosen.
    ok(
      await as(owner).rpc('set_workspace_retention', { p_workspace_id: team.id, p_keep_days: null })
    )
    ok(
      await as(owner).rpc('set_workspace_retention', {
        p_workspace_id: team.id,
        p_keep_days: null,
        p_deleted_accounts: 'keep',
      })
    )
    expect(
      ok(
        await as(member)
          .from('workspace_retention')
          .select('keep_days, deleted_accounts')
          .eq('workspace_id', team.id)
      )
    ).toEqual([{ keep_days: null, deleted_accounts: 'keep' }])
    expect((await auditOf(team.id)).map((e) => [e.action, e.details])).toEqual([
      ['retention.changed', { from: null, to: 365 }],
      ['retention.accounts_changed', { from: 'keep', to: 'remove' }],
      ['retention.changed', { from: 365, to: null }],
      ['retention.accounts_changed', { from: 'remove', to: 'keep' }],
    ])
  })
})
