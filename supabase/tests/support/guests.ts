// The guest tests' helpers (guests*.test.ts): supabase-js as a person, a call's error or data, a
// new guest through an accepted invite, and what a person sees and is in (read back as the
// superuser).
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { clientFor } from './rest-checker.ts'
import { createPerson } from './world.ts'
import type { Person, World } from './world.ts'

export interface Failure {
  code: string
  message: string
  details?: string | null
  hint?: string | null
}

/** The error of a call that must fail. */
export function failure(result: { data: unknown; error: unknown }): Failure {
  expect(result.error, JSON.stringify(result.data)).not.toBeNull()
  return result.error as Failure
}

export const ok = <T>(result: { data: T | null; error: unknown }): T => {
  expect(result.error).toBeNull()
  return result.data as T
}

export function guestKit(stack: TestStack, world: () => World) {
  const as = (person: Person): SupabaseClient => clientFor(stack, person)

  /** A new person with a guest invite (sent by the owner) accepted, in the channels named. */
  async function newGuest(channels: string[], kind: 'single' | 'multi'): Promise<Person> {
    const guest = await createPerson(stack, 'visitor')
    const invite = ok(
      await as(world().people.owner)
        .rpc('create_invite', {
          p_workspace_id: world().ws,
          p_email: guest.email,
          p_role: 'guest',
          p_channel_ids: channels,
          p_guest_kind: kind,
        })
        .single<{ token: string; guest_kind: string; max_uses: number }>()
    )
    expect(invite).toMatchObject({ guest_kind: kind, max_uses: 1 })
    ok(await as(guest).rpc('accept_invite', { p_token: invite.token }))
    return guest
  }

  /** The workspace's channels the person can read through REST. */
  async function channelIdsSeenBy(person: Person): Promise<string[]> {
    const rows = ok(
      await as(person).from('channels').select('id').eq('workspace_id', world().ws).order('id')
    )
    return (rows as { id: string }[]).map((r) => r.id)
  }

  async function membership(person: Person) {
    const [row] = await stack.sql<{ role: string; guest_kind: string | null }[]>`
      select role::text, guest_kind from public.workspace_members
      where workspace_id = ${world().ws} and user_id = ${person.id} and left_at is null`
    return row
  }

  /** The channels the person is in. */
  async function channelsOf(person: Person): Promise<string[]> {
    const rows = await stack.sql<{ channel_id: string }[]>`
      select channel_id from public.channel_members where user_id = ${person.id}`
    return rows.map((r) => r.channel_id).sort()
  }

  return { as, newGuest, channelIdsSeenBy, membership, channelsOf }
}
