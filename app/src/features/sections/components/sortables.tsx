// A link and a section of the sidebar made draggable (SortableSections.tsx): what @dnd-kit's
// sortable adds to their elements.
import type { ReactNode } from 'react'
import { useDroppable } from '@dnd-kit/core'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { sectionId, ZONE } from '../data/drag.ts'
import type { Section } from '../data/layout.ts'
import type { MenuChannel, Own } from '../data/menu-types.ts'

export function SortableLink(props: {
  id: string
  section: string
  disabled: boolean
  render: (own: Own) => ReactNode
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
    data: { section: props.section },
    disabled: props.disabled,
  })
  return props.render({
    ref: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition },
    className: isDragging ? 'drag-source' : undefined,
    // The link stays a link: what tells how to move it, not a button's role.
    'aria-describedby': attributes['aria-describedby'],
    // A link's own drag (its address) would stop this one.
    onDragStart: (e) => e.preventDefault(),
    ...listeners,
  })
}

export function SortableSection(props: {
  section: Section<MenuChannel>
  fixed: boolean
  channelDragged: boolean
  takes: boolean
  render: (own: Own) => ReactNode
}) {
  const { section: s } = props
  const sortable = useSortable({
    id: sectionId(s.key),
    disabled: props.fixed || props.channelDragged,
  })
  const zone = useDroppable({ id: ZONE + s.key, disabled: !props.takes })
  const { setNodeRef, transform, transition, isDragging, listeners } = sortable
  // Its heading drags it by the mouse or a finger; the keyboard moves it by its menu.
  const pointers = Object.fromEntries(
    Object.entries(listeners ?? {})
      .filter(([event]) => event !== 'onKeyDown')
      .map(([event, listener]) => [
        event,
        (e: Event) => {
          if (e.target instanceof Element && e.target.closest('.sidebar-heading')) listener(e)
        },
      ])
  )
  const over = zone.isOver && props.takes
  return props.render({
    ref: (el: HTMLElement | null) => {
      setNodeRef(el)
      zone.setNodeRef(el)
    },
    style: { transform: CSS.Translate.toString(transform), transition },
    className:
      [isDragging && 'drag-source', over && 'drop-target'].filter(Boolean).join(' ') || undefined,
    ...(props.fixed ? {} : pointers),
  })
}
