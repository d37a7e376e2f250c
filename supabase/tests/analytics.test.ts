// Workspace analytics (app/src/features/analytics, *_chorus_analytics.sql) over real HTTP with
// supabase-js: owners and admins see each channel they can read with its messages over the
// period, the people who wrote them and the last one's time, busiest first; DMs are left out, a
// private channel the caller is not in is neither listed nor counted; members are refused; bad
// input gets PostgREST's error.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { clientFor } from './support/rest-checker.ts'
import type { Person } from './support/world.ts'
import { useWorldStack } from './support/world-stack.ts'
import type { WorldStack } from './support/world-stack.ts'

const t = useWorldStack({} as WorldStack)

interface Row {
  channel_id: string
  name: string
  kind: string
  messages: number
  people: number
  last_message_at: string | null
}

async function send(person: Person, channel: string, body: string) {
  const sent = await clientFor(t.stack, person).rpc('send_message', {
    p_id: randomUUID(),
    p_channel_id: channel,
    p_body: body,
  })
  expect(sent.error).toBeNull()
}

const analyticsOf = (person: Person, args: Record<string, unknown> = {}) =>
  clientFor(t.stack, person).rpc('workspace_analytics', { p_workspace_id: t.world.ws, ...args })

describe('workspace_analytics', () => {
  it("counts each readable channel's messages and writers, busiest first, no DMs, no private channel the caller is not in", async () => {
    const { owner, admin, member } = t.world.people
    const { plaza, quiet, dm } = t.world.ch
    for (const [person, channel] of [
      [member, plaza],
      [member, plaza],
      [admin, plaza],
      [member, quiet],
      [member, dm],
    ] as const)
      await send(person, channel, 'hello')
    const answer = await analyticsOf(admin)
    expect(answer.error).toBeNull()
    const rows = answer.data as Row[]
    const byId = new Map(rows.map((r) => [r.channel_id, r]))
    expect(byId.get(plaza)).toMatchObject({ name: 'plaza', kind: 'public', people: 2 })
    expect(byId.get(plaza)!.messages).toBeGreaterThanOrEqual(3)
    expect(byId.get(plaza)!.last_message_at).not.toBeNull()
    expect(byId.has(dm)).toBe(false)
    // the admin is not in #quiet (private): not listed; its owner, who is, sees it
    expect(byId.has(quiet)).toBe(false)
    const owners = (await analyticsOf(owner)).data as Row[]
    const quietRow = owners.find((r) => r.channel_id === quiet)
    expect(quietRow).toMatchObject({ name: 'quiet', kind: 'private' })
    expect(quietRow!.messages).toBeGreaterThanOrEqual(1)
    const counts = rows.map((r) => r.messages)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })

  it('refuses members and outsiders, and answers bad input with a clear error', async () => {
    const { member, outsider, admin } = t.world.people
    for (const person of [member, outsider]) {
      const refused = await analyticsOf(person)
      expect(refused.error).toMatchObject({
        code: '42501',
        message: 'Only a workspace owner or admin can see its analytics.',
      })
      expect(refused.status).toBe(403)
    }
    const badDays = await analyticsOf(admin, { p_days: 0 })
    expect(badDays.error).toMatchObject({ code: '22023', message: 'p_days must be from 1 to 366.' })
    expect(badDays.status).toBe(400)
    const badId = await clientFor(t.stack, admin).rpc('workspace_analytics', {
      p_workspace_id: 'nope',
    })
    expect(badId.error).toMatchObject({ code: '22P02' })
    expect(
      (await clientFor(t.stack, null).rpc('workspace_analytics', { p_workspace_id: t.world.ws }))
        .status
    ).toBe(401)
  })
})
