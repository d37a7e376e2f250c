// Who is online in a workspace, and who of them is away or in Do Not Disturb, from the
// presence channel's state (use-presence.ts joins it; the first screen reads it from
// presence-store.ts). Pure.
import type { Activity } from './activity.ts'

/** The people online; `away` those of them away, `dnd` those in Do Not Disturb. */
export interface Presence extends ReadonlySet<string> {
  readonly away: ReadonlySet<string>
  readonly dnd: ReadonlySet<string>
}

export type Meta = { state?: unknown; dnd?: unknown }

/** Presence from the channel's state (key -> the metas of that person's tabs) and my own. */
export function presenceOf(
  state: Record<string, readonly Meta[]>,
  me: string,
  mine: Activity,
  myDnd = false
): Presence {
  const online = new Set([me, ...Object.keys(state)])
  const away = new Set(
    Object.entries(state)
      .filter(([key, metas]) => key !== me && metas.length > 0)
      .filter(([, metas]) => metas.every((m) => m.state === 'away'))
      .map(([key]) => key)
  )
  if (mine === 'away') away.add(me)
  const dnd = new Set(
    Object.entries(state)
      .filter(([key, metas]) => key !== me && metas.some((m) => m.dnd === true))
      .map(([key]) => key)
  )
  if (myDnd) dnd.add(me)
  return Object.assign(online, { away, dnd })
}
