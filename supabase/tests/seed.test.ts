// The demo data: the accounts sign in through Auth with the documented password, and each sees
// exactly their part of it.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
})

async function signIn(email: string) {
  const client = stack.client()
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'chorus-demo' })
  expect(error).toBeNull()
  expect(data.user?.email).toBe(email)
  return client
}

describe('seed', () => {
  it('lets every demo account sign in with the documented password', async () => {
    for (const who of ['alice', 'bob', 'carol', 'dave', 'erin']) await signIn(`${who}@example.com`)
    const wrong = await stack
      .client()
      .auth.signInWithPassword({ email: 'alice@example.com', password: 'nope-nope' })
    expect(wrong.error?.message).toBe('Invalid login credentials')
  })

  it('gives Alice two workspaces and the others their own', async () => {
    const names = async (email: string) => {
      const { data, error } = await (await signIn(email)).rpc('my_workspaces')
      expect(error).toBeNull()
      return (data as { name: string; role: string }[]).map((w) => `${w.name}:${w.role}`)
    }
    expect(await names('alice@example.com')).toEqual(['Chorus Demo:owner', 'Side Project:member'])
    expect(await names('bob@example.com')).toEqual(['Chorus Demo:admin'])
    expect(await names('carol@example.com')).toEqual(['Chorus Demo:member'])
    expect(await names('erin@example.com')).toEqual(['Side Project:owner'])
  })

  it('has a few hundred messages with markdown, mentions and reactions, and some unread', async () => {
    const [counts] = await stack.sql<
      { messages: number; mentions: number; reactions: number; markdown: number }[]
    >`
      select
        (select count(*)::int from public.messages) as messages,
        (select count(*)::int from public.messages where mentions <> '{}') as mentions,
        (select count(*)::int from public.reactions) as reactions,
        (select count(*)::int from public.messages where body ~ '\\*\\*|\`\`\`|^> |\\[.+\\]\\(') as markdown`
    expect(counts!.messages).toBeGreaterThanOrEqual(300)
    expect(counts!.mentions).toBeGreaterThan(10)
    expect(counts!.reactions).toBeGreaterThan(20)
    expect(counts!.markdown).toBeGreaterThan(20)
    const carol = await signIn('carol@example.com')
    const { data: workspaces } = await carol.rpc('my_workspaces')
    const demo = (workspaces as { id: string }[])[0]!.id
    const { data: channels } = await carol.rpc('channel_list', { p_workspace_id: demo })
    const listed = channels as { name: string | null; kind: string; unread_count: number }[]
    expect(listed.map((c) => c.name ?? c.kind).sort()).toEqual(['dm', 'dm', 'general', 'random'])
    expect(listed.some((c) => c.unread_count > 0)).toBe(true)
  })

  it('has a few threads, which Alice follows in the Threads view with replies unread', async () => {
    const alice = await signIn('alice@example.com')
    const { data: workspaces } = await alice.rpc('my_workspaces')
    const demo = (workspaces as { id: string; name: string }[]).find(
      (w) => w.name === 'Chorus Demo'
    )!
    const { data, error } = await alice.rpc('threads', { p_workspace_id: demo.id })
    expect(error).toBeNull()
    const threads = data as {
      channel_id: string
      channel_name: string
      reply_count: number
      unread_count: number
    }[]
    expect(threads.map((t) => t.channel_name).sort()).toEqual(['engineering', 'general', 'general'])
    expect(threads.map((t) => t.reply_count).sort()).toEqual([3, 5, 6])
    expect(threads.some((t) => t.unread_count > 0)).toBe(true)
    const { data: page } = await alice.rpc('message_page', {
      p_channel_id: threads[0]!.channel_id,
      p_limit: 200,
    })
    expect((page as { parent_id: string | null }[]).every((m) => m.parent_id === null)).toBe(true)
  })

  it('keeps Side Project and #leadership out of the others’ sight', async () => {
    const bob = await signIn('bob@example.com')
    const carol = await signIn('carol@example.com')
    const { data: bobChannels } = await bob.from('channels').select('name')
    expect((bobChannels ?? []).map((c) => c.name)).toContain('leadership')
    const { data: carolChannels } = await carol.from('channels').select('name, workspace_id')
    expect((carolChannels ?? []).map((c) => c.name)).not.toContain('leadership')
    const { data: sideMessages } = await carol
      .from('messages')
      .select('id, channels!inner(workspace_id, workspaces!inner(slug))')
      .eq('channels.workspaces.slug', 'side-project')
    expect(sideMessages).toEqual([])
  })
})
