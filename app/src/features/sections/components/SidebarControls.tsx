// What makes the sidebar's sections act (once the first screen is shown: the first screen
// carries only their markup, drawn here again to be dragged: SortableSections.tsx): a section's
// name collapses or expands it, its "…" opens its menu, and a right click, the context-menu key,
// Shift+F10 or a long press held still on a channel's link opens the channel's. The channels' Sidebar renders it; the events are heard on
// the document, from the sidebar's list (.sidebar-lists).
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { setCollapsed } from '../data/calls.ts'
import type { Section } from '../data/types.ts'
import type { Draw, MenuChannel, SectionsMenuProps } from '../data/menu-types.ts'
import SectionsMenu from './SectionsMenu.tsx'
import SortableSections from './SortableSections.tsx'

interface Props {
  workspaceId: string
  /** The sections as the sidebar draws them, */
  sections: Section<MenuChannel>[]
  /** and how: drawn here the same, to be dragged. */
  draw: Draw<MenuChannel>
  /** The open channel (a collapsed section shows it). */
  activeId: string | null
}

type Opened = Pick<SectionsMenuProps, 'anchor' | 'section' | 'channelId'> & { at: number }

export default function SidebarControls({ workspaceId, sections, draw, activeId }: Props) {
  const client = useQueryClient()
  const [menu, setMenu] = useState<Opened | null>(null)
  // The handlers read the sections of the latest render.
  const latest = useRef(sections)
  latest.current = sections

  useEffect(() => {
    const list = document
    const inList = (target: EventTarget | null) =>
      target instanceof Element && target.closest('.sidebar-lists') ? target : null
    const onClick = (e: MouseEvent) => {
      const target = inList(e.target)
      if (!target) return
      const key = target.closest<HTMLElement>('[data-section]')?.dataset.section
      const toggle = target.closest<HTMLElement>('.section-toggle')
      const more = target.closest<HTMLElement>('.section-more')
      if (!key) return
      if (toggle) {
        const s = latest.current.find((x) => x.key === key)
        if (s) void setCollapsed(client, workspaceId, key, !s.collapsed)
      } else if (more) setMenu({ anchor: more, section: key, at: e.timeStamp })
    }
    // A channel's menu: a right click, the context-menu key, Shift+F10, or a long press (phones
    // whose browser sends no contextmenu for one: Safari on iOS).
    // When a long press last opened one: the contextmenu event the same press may send (Chrome on
    // Android) opens nothing more, and its touchend follows no link.
    let pressed = 0
    let timer: number | undefined
    const openFor = (target: EventTarget | null) => {
      const link = inList(target)?.closest<HTMLElement>('[data-channel-id]')
      if (link) setMenu({ anchor: link, channelId: link.dataset.channelId, at: performance.now() })
      return !!link
    }
    const onContextMenu = (e: MouseEvent) => {
      window.clearTimeout(timer)
      if (Date.now() - pressed < 1000) e.preventDefault()
      else if (openFor(e.target)) e.preventDefault()
    }
    const onTouchStart = (e: TouchEvent) => {
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        // A press held still picks the link up to drag (SortableSections.tsx), then opens its
        // menu: the drag is put back (Escape) for it.
        if (document.body.classList.contains('sidebar-dragging'))
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a key's code
          window.dispatchEvent(new KeyboardEvent('keydown', { code: 'Escape', key: 'Escape' }))
        if (openFor(e.target)) pressed = Date.now()
      }, 550)
    }
    const onTouchEnd = (e: TouchEvent) => {
      window.clearTimeout(timer)
      if (Date.now() - pressed < 1000) e.preventDefault()
    }
    const cancel = () => window.clearTimeout(timer)
    const listeners = [
      ['click', onClick],
      ['contextmenu', onContextMenu],
      ['touchstart', onTouchStart],
      ['touchend', onTouchEnd],
      ['touchmove', cancel],
      ['touchcancel', cancel],
    ] as const
    for (const [name, listener] of listeners)
      list.addEventListener(name, listener as EventListener, { passive: name !== 'touchend' })
    return () => {
      window.clearTimeout(timer)
      for (const [name, listener] of listeners)
        list.removeEventListener(name, listener as EventListener)
    }
  }, [client, workspaceId])

  return (
    <>
      <SortableSections {...{ workspaceId, sections, draw, activeId }} />
      {menu && (
        <SectionsMenu
          // A new menu each time one opens.
          key={menu.at}
          {...menu}
          workspaceId={workspaceId}
          sections={sections}
        />
      )}
    </>
  )
}
