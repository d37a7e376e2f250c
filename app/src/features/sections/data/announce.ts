// What a screen reader is told while a channel or a section of the sidebar is dragged
// (components/SortableSections.tsx), in my language: what was picked up, where it is, where it
// landed.
import { t } from '@lingui/core/macro'
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core'
import { isSection, sectionId } from './drag.ts'
import type { Lists } from './drag.ts'
import type { Section } from './layout.ts'
import { sectionTitle } from './titles.ts'

/** `name`: a channel's or section's name as shown; `announcements` for @dnd-kit. */
export function tellings(sections: Section<unknown>[], lists: Lists) {
  function name(id: UniqueIdentifier) {
    if (isSection(id)) {
      const s = sections.find((x) => sectionId(x.key) === id)
      return s ? sectionTitle(s) : ''
    }
    return (
      document.querySelector(`.sidebar-lists [data-channel-id="${String(id)}"] .channel-name`)
        ?.textContent ?? ''
    )
  }
  /** What a screen reader is told of where `id` is now. */
  const told = (id: UniqueIdentifier) => {
    const item = name(id)
    const key = Object.keys(lists).find((k) => lists[k]!.includes(String(id)))
    const s = sections.find((x) => x.key === key)
    if (!s || isSection(id)) return { item, where: '' }
    const section = sectionTitle(s)
    const position = lists[s.key]!.indexOf(String(id)) + 1
    const count = lists[s.key]!.length
    return { item, where: t`in ${section}, ${position} of ${count}` }
  }
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const { item } = told(a.id)
      return t`Picked up ${item}.`
    },
    onDragOver: ({ active: a, over }) => {
      const { item, where } = told(a.id)
      const target = over ? name(over.id) : ''
      if (over && isSection(a.id)) return t`${item} is over ${target}.`
      return over ? t`${item} moved ${where}.` : t`${item} is not over a section.`
    },
    onDragEnd: ({ active: a, over }) => {
      const { item, where } = told(a.id)
      const target = over ? name(over.id) : ''
      if (over && isSection(a.id)) return t`${item} dropped in the place of ${target}.`
      return over ? t`${item} dropped ${where}.` : t`${item} put back.`
    },
    onDragCancel: ({ active: a }) => {
      const { item } = told(a.id)
      return t`Moving ${item} cancelled. It is back where it was.`
    },
  }
  return { name, announcements }
}
