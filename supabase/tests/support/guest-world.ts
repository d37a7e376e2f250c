// The set-up of guests.test.ts and guests-refusals.test.ts: a stack with the matrix's world (its
// guest is in plaza only) and support/guests.ts's helpers for it.
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { guestKit } from './guests.ts'
import { buildWorld } from './world.ts'
import type { Person, World } from './world.ts'

export interface GuestWorld {
  stack: TestStack
  world: World
  kit: ReturnType<typeof guestKit>
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useGuestWorld() {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const g = {} as GuestWorld
  beforeAll(async () => {
    g.stack = await startTestStack({ workdir })
    g.world = await buildWorld(g.stack)
    g.kit = guestKit(g.stack, () => g.world)
  })
  afterAll(async () => {
    await g.stack?.stop()
  })
  return {
    g,
    as: (person: Person) => g.kit.as(person),
    newGuest: (channels: string[], kind: 'single' | 'multi') => g.kit.newGuest(channels, kind),
    channelIdsSeenBy: (person: Person) => g.kit.channelIdsSeenBy(person),
    membership: (person: Person) => g.kit.membership(person),
    channelsOf: (person: Person) => g.kit.channelsOf(person),
  }
}
