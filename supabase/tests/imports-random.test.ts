// A Slack export with a #random, imported into a new workspace (which has a #random of its own,
// issue 68): the export's #random goes into the workspace's, with its history and its members, and
// no #random-slack or #random-2 is made beside it; the import fails on no name. The set-up is
// support/imports-world.ts's.
import { describe, expect, it } from 'vitest'
import { brokenInvariants } from './support/imports-checks.ts'
import { useImportStack } from './support/imports-world.ts'
import { teamExport, tsOf, zipOf } from './support/slack-export.ts'

const t = useImportStack()
const { kit } = t

describe("a Slack export's #random", () => {
  it("goes into the new workspace's own #random", async () => {
    const ws = await kit.workspace(t.owner, 'Random from Slack')
    const [before] = await t.stack.sql<{ id: string; topic: string }[]>`
      select id, topic from public.channels where workspace_id = ${ws} and name = 'random'`
    const files = teamExport({ emails: t.emails() })
    const when = (minutes: number) =>
      tsOf(new Date(Date.parse('2024-03-02T10:00:00Z') + minutes * 60_000))
    ;(files['channels.json'] as unknown[]).push({
      id: 'C9',
      name: 'random',
      created: 1700000000,
      creator: 'U2',
      is_archived: false,
      is_general: false,
      members: ['U1', 'U2'],
      topic: { value: 'Cats' },
      purpose: { value: '' },
    })
    files['random/2024-03-02.json'] = [
      { type: 'message', user: 'U2', text: 'Look at this cat', ts: when(0) },
      { type: 'message', user: 'U1', text: 'Adorable', ts: when(1) },
    ]
    const path = await kit.upload(t.owner, ws, zipOf(files), 'random.zip')
    const started = await kit.start(t.owner, ws, path)
    const done = await kit.ended(started.id)
    expect(done).toMatchObject({ status: 'done', error: null, channels: 6 })

    const randoms = await t.stack.sql<{ id: string; name: string; auto_join: boolean }[]>`
      select id, name, auto_join from public.channels
      where workspace_id = ${ws} and name ilike '%random%'`
    expect(randoms).toEqual([{ id: before!.id, name: 'random', auto_join: true }])
    // Its topic stays the workspace's; its history is the export's, numbered from 1.
    const messages = await t.stack.sql<{ body: string; seq: string }[]>`
      select body, seq::text from public.messages where channel_id = ${before!.id} order by seq`
    expect(messages).toEqual([
      { body: 'Look at this cat', seq: '1' },
      { body: 'Adorable', seq: '2' },
    ])
    const [topic] = await t.stack.sql<{ topic: string }[]>`
      select topic from public.channels where id = ${before!.id}`
    expect(topic!.topic).toBe(before!.topic)
    // Its members: the owner (with the workspace) and the export's two (placeholders).
    const [members] = await t.stack.sql<{ n: number }[]>`
      select count(*)::int as n from public.channel_members where channel_id = ${before!.id}`
    expect(members!.n).toBe(3)
    // #general is as before: the export's is #general-slack beside it.
    const names = await t.stack.sql<{ name: string }[]>`
      select name from public.channels where workspace_id = ${ws} and kind <> 'dm' order by name`
    expect(names.map((n) => n.name)).toEqual([
      'general',
      'general-slack',
      'old-project',
      'random',
      'secret-plans',
    ])
    expect(await brokenInvariants(t.stack.sql, ws)).toEqual([])
  })
})
