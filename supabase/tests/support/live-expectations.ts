// Who must hear of what on the live topics (rls-realtime-live.test.ts): who may join each live
// topic, the roles the RLS matrix lets read a case's row, an event about a row, and a recorder of
// the changes made with who must hear of each.
import { MATRIX, caseName, isAllowed } from './matrix.ts'
import { liveTopic, recordOf } from './realtime.ts'
import type { Heard } from './realtime.ts'
import { ROLES } from './world.ts'
import type { Role, World } from './world.ts'

/** Who may join each live topic: the members of a channel or workspace, or the user alone. */
export function topicRules(world: World): { topic: string; allowed: readonly Role[] }[] {
  const { ch, people } = world
  const all = ['owner', 'admin', 'member'] as const
  return [
    { topic: liveTopic.channel(ch.general), allowed: all },
    { topic: liveTopic.channel(ch.plaza), allowed: [...all, 'guest'] },
    { topic: liveTopic.channel(ch.quiet), allowed: ['owner', 'member'] },
    { topic: liveTopic.channel(ch.dm), allowed: ['owner', 'member'] },
    { topic: liveTopic.channel(ch.second), allowed: [] },
    { topic: liveTopic.channel(ch.attic), allowed: all },
    { topic: liveTopic.channel(ch.outside), allowed: ['outsider'] },
    { topic: liveTopic.workspace(world.ws), allowed: all },
    { topic: liveTopic.workspace(world.ws2), allowed: ['outsider'] },
    ...(['owner', 'admin', 'member', 'member2', 'guest', 'outsider'] as const).map((who) => ({
      topic: liveTopic.user(people[who].id),
      allowed: (who === 'member2' ? [] : [who]) as readonly Role[],
    })),
  ]
}

/** A change made for the test, and who must hear of it. */
export interface Expected {
  what: string
  heard: (h: Heard) => boolean
  allowed: readonly Role[]
}

export const caseAllows = (name: string) => {
  const c = MATRIX.find((m) => caseName(m) === name)
  if (!c) throw new Error(`no matrix case ${name}`)
  return ROLES.filter((role) => isAllowed(c, role))
}

/** An event about a row: its table, operation and id. */
export const about =
  (table: string, operation: string, id: string, extra?: (r: Record<string, unknown>) => boolean) =>
  (h: Heard) =>
    h.kind === 'broadcast' &&
    h.event === operation &&
    h.payload.table === table &&
    h.payload.operation === operation &&
    recordOf(h).id === id &&
    (extra?.(recordOf(h)) ?? true)

/** expect_(what, heard, allowed): a change made, and who must hear of it. */
export type Recorder = (what: string, heard: Expected['heard'], allowed: readonly Role[]) => void

/** A recorder that pushes each change to `expected`. */
export function recorder(expected: Expected[]): Recorder {
  return function expect_(what: string, heard: Expected['heard'], allowed: readonly Role[]) {
    expected.push({ what, heard, allowed })
  }
}
