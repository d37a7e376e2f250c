// Where a dragged channel goes in the sidebar (components/SortableSections.tsx): which sections
// take it, its place among their channels, and where the arrow keys take it.
import type { KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core'
import type { Section } from './layout.ts'
import type { MenuChannel } from './menu-types.ts'

/** A section's id among the draggables (a channel's is its own id). */
export const SECTION = 'section:'
export const ZONE = 'zone:'
export const sectionId = (key: string) => SECTION + key
export const isSection = (id: UniqueIdentifier | undefined) => String(id).startsWith(SECTION)

/** Whether section `s` takes channel `c` (Channels no DM, Direct messages no channel). */
export function takes(s: { kind: string }, c: MenuChannel): boolean {
  if (s.kind === 'channels') return c.kind !== 'dm'
  if (s.kind === 'dms') return c.kind === 'dm'
  return true
}

/** Whether a section keeps the order I give (mine, Starred), not its own (by name). */
export const ordered = (s: { kind: string }) => s.kind === 'custom' || s.kind === 'starred'

/** Section key → its channels' ids, as shown while a drag moves one among them. */
export type Lists = Record<string, string[]>

export const listsOf = (sections: Section<MenuChannel>[]): Lists =>
  Object.fromEntries(sections.map((s) => [s.key, s.channels.map((c) => c.id)]))

/**
 * Where channel `id` goes when dragged over `overId` (a channel, or a section's zone): the
 * section and its list with it there, or null where it cannot go. A section in its own order
 * takes it before the channel it is over, or after it (`below`: past its middle); Channels and Direct messages where it sorts (by `label`).
 */
export function moved(
  lists: Lists,
  sections: { key: string; kind: string }[],
  channel: MenuChannel,
  overId: string,
  label: (id: string) => string,
  below = false
): { key: string; list: string[] } | null {
  const id = channel.id
  const zone = overId.startsWith(ZONE) ? overId.slice(ZONE.length) : null
  const key = zone ?? Object.keys(lists).find((k) => lists[k]!.includes(overId))
  const target = sections.find((s) => s.key === key)
  if (!target || !takes(target, channel)) return null
  const list = lists[target.key]!.filter((x) => x !== id)
  if (!ordered(target)) {
    const at = list.findIndex((x) => label(x).localeCompare(label(id)) > 0)
    list.splice(at < 0 ? list.length : at, 0, id)
    return { key: target.key, list }
  }
  // Before the one it is over, or after it when past its middle.
  const at = zone ? list.length : list.indexOf(overId) + (below ? 1 : 0)
  list.splice(at, 0, id)
  return { key: target.key, list }
}

/**
 * Where the arrow keys take a channel picked up by the keyboard: to the next (or the one before)
 * of the links it can go among, or, in a section that shows none or sorts by name, to its
 * heading; as the top-left of its rect, which the collisions then read.
 */
export function nextPlace(
  event: KeyboardEvent,
  context: Parameters<KeyboardCoordinateGetter>[1]['context'],
  byId: Map<string, MenuChannel>,
  sections: Section<MenuChannel>[]
) {
  const { active, collisionRect } = context
  const down = event.code === 'ArrowDown'
  if (!down && event.code !== 'ArrowUp') return undefined
  event.preventDefault()
  const c = active && byId.get(String(active.id))
  if (!c || !collisionRect) return undefined
  const places: Element[] = []
  for (const el of document.querySelectorAll<HTMLElement>('.sidebar-lists [data-section]')) {
    const s = sections.find((x) => x.key === el.dataset.section)
    if (!s || !takes(s, c)) continue
    const links = [...el.querySelectorAll('li')]
    const heading = el.querySelector('.sidebar-heading')
    if (ordered(s) && links.length) places.push(...links)
    else if (heading && !links.some((li) => li.classList.contains('drag-source')))
      places.push(heading)
  }
  const middle = collisionRect.top + collisionRect.height / 2
  const centre = (el: Element) => {
    const r = el.getBoundingClientRect()
    return r.top + r.height / 2
  }
  const candidates = places.filter(
    (el) =>
      !el.classList.contains('drag-source') &&
      (down ? centre(el) > middle + 2 : centre(el) < middle - 2)
  )
  const to = down ? candidates[0] : candidates[candidates.length - 1]
  if (!to) return undefined
  // Onto the next link's far half in its own section (past it), the near half in another (the
  // first there going down, after the last going up).
  const here = document.querySelector('.sidebar-lists .drag-source')?.closest('[data-section]')
  const own = to.closest('[data-section]') === here
  const quarter = to.getBoundingClientRect().height / 4
  const y = centre(to) + (down === own ? quarter : -quarter)
  return { x: collisionRect.left, y: y - collisionRect.height / 2 }
}
