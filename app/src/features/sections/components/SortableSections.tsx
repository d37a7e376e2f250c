// The sidebar's sections dragged (issue 71, item 3; a lazy chunk with @dnd-kit, loaded once the
// first screen is shown: SidebarControls.tsx draws the sections through it). A channel or DM is
// dragged to another section or to another place in its own (mine and Starred keep the order I
// give; Channels and Direct messages keep theirs, by name, and take back only their own kind); a
// section by its heading among the others (Starred stays first). The mouse drags after a few
// pixels (a click still opens), a finger after a long press (a swipe still scrolls the sidebar),
// the keyboard with Space on a link, the arrows, then Space or Enter (Escape puts it back), told
// to a screen reader in my language. A drop is sent as the menu's moves are (calls.ts): at once
// on screen, on my other devices by my user topic.
import { useEffect, useRef, useState } from 'react'
import { t } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  MouseSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import type {
  CollisionDetection,
  DragEndEvent,
  DragMoveEvent,
  DragOverEvent,
  DragStartEvent,
} from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { moveSection, placeChannel, positionAt } from '../data/calls.ts'
import { shownIn, useSectionRows } from '../data/layout.ts'
import type { Section } from '../data/layout.ts'
import type { Draw, MenuChannel } from '../data/menu-types.ts'
import { SortableLink, SortableSection } from './sortables.tsx'
import {
  isSection,
  listsOf,
  moved,
  nextPlace,
  ordered,
  SECTION,
  sectionId,
  takes,
  ZONE,
} from '../data/drag.ts'
import type { Lists } from '../data/drag.ts'
import { sectionTitle } from '../data/titles.ts'
import { tellings } from '../data/announce.ts'
import './sortable.css'

interface Props<C extends MenuChannel> {
  workspaceId: string
  sections: Section<C>[]
  draw: Draw<C>
  activeId: string | null
}

/**
 * The links are not slid aside while one is dragged: the lists are drawn in their new order as it
 * moves (onDragOver), its place kept open where it will land.
 */
const inPlace = () => null

/** Space picks a link up (Enter follows it), the arrows move it, Space or Enter drop it. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- key codes
const KEYS = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] }

export default function SortableSections<C extends MenuChannel>(props: Props<C>) {
  const { workspaceId, sections, draw } = props
  const client = useQueryClient()
  const rows = useSectionRows(workspaceId).data ?? []
  const [active, setActive] = useState<{ id: string; section: boolean } | null>(null)
  // While a channel is dragged: the lists as they show it (the sidebar drawn again meanwhile, for
  // a new unread, leaves them be); after a drop, until the sections given change (the move on
  // screen), so the list does not spring back for a frame.
  const [dragged, setDragged] = useState<{ lists: Lists; of: Section<C>[] } | null>(null)
  const lists = dragged && (active || dragged.of === sections) ? dragged.lists : listsOf(sections)
  const byId = new Map(sections.flatMap((s) => s.channels.map((c) => [c.id, c])))
  const movable = sections.filter((s) => s.kind !== 'starred')
  const pointer = useRef(false)

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press picks it up; moving sooner scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 300, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      keyboardCodes: KEYS,
      coordinateGetter: (event, { context }) => nextPlace(event, context, byId, sections),
    })
  )

  // A drag that ends over a link follows no link (the click its release may make).
  useEffect(() => {
    if (!active) return
    document.body.classList.add('sidebar-dragging')
    return () => {
      document.body.classList.remove('sidebar-dragging')
      const swallow = (e: MouseEvent) => {
        e.preventDefault()
        e.stopPropagation()
      }
      window.addEventListener('click', swallow, { capture: true, once: true })
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0)
    }
  }, [active])

  const collide: CollisionDetection = (args) => {
    if (isSection(args.active.id))
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((d) => isSection(d.id)),
      })
    const zones = args.droppableContainers.filter((d) => String(d.id).startsWith(ZONE))
    const within = pointerWithin({ ...args, droppableContainers: zones })
    const zone = (
      within.length ? within : rectIntersection({ ...args, droppableContainers: zones })
    )[0]
    if (!zone) return []
    const key = String(zone.id).slice(ZONE.length)
    const s = sections.find((x) => x.key === key)
    const items = args.droppableContainers.filter(
      (d) => d.data.current?.section === key && d.id !== args.active.id
    )
    if (!s || !ordered(s) || !items.length) return [zone]
    return closestCenter({ ...args, droppableContainers: items })
  }

  const onDragStart = ({ active: a, activatorEvent }: DragStartEvent) => {
    pointer.current = !(activatorEvent instanceof KeyboardEvent)
    setActive({ id: String(a.id), section: isSection(a.id) })
    if (!isSection(a.id)) setDragged({ lists: listsOf(sections), of: sections })
  }

  const onDragOver = ({ active: a, over }: DragOverEvent | DragMoveEvent) => {
    const c = byId.get(String(a.id))
    if (!c || !over || over.id === a.id) return
    const rect = a.rect.current.translated
    const below = !!rect && rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2
    const to = moved(lists, sections, c, String(over.id), name, below)
    if (!to) return
    const next = Object.fromEntries(
      Object.entries(lists).map(([k, l]) => [
        k,
        k === to.key ? to.list : l.filter((x) => x !== c.id),
      ])
    )
    if (JSON.stringify(next) !== JSON.stringify(lists)) setDragged({ lists: next, of: sections })
  }

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null)
    if (isSection(a.id)) {
      const key = String(a.id).slice(SECTION.length)
      const overKey = over && isSection(over.id) ? String(over.id).slice(SECTION.length) : null
      const from = movable.findIndex((s) => s.key === key)
      const to = movable.findIndex((s) => s.key === overKey)
      if (from < 0 || to < 0 || from === to) return
      const positions = movable.filter((s) => s.key !== key).map((s) => s.position)
      void moveSection(client, workspaceId, key, positionAt(positions, to))
      return
    }
    const c = byId.get(String(a.id))
    const origin = sections.find((s) => s.channels.some((x) => x.id === a.id))
    const key = Object.keys(lists).find((k) => lists[k]!.includes(String(a.id)))
    const target = sections.find((s) => s.key === key)
    if (!over || !c || !origin || !target) return setDragged(null)
    const list = lists[target.key]!
    const index = list.indexOf(c.id)
    if (target === origin && (!ordered(target) || origin.channels[index]?.id === c.id))
      return setDragged(null)
    setDragged({ lists, of: sections })
    if (!ordered(target)) {
      void placeChannel(client, workspaceId, c.id, target.kind, null)
      return
    }
    const placed =
      rows.find((r) => r.id === target.key || r.kind === target.key)?.sidebar_placements ?? []
    const positions = list
      .filter((x) => x !== c.id)
      .map((x) => placed.find((p) => p.channel_id === x)?.position ?? 0)
    void placeChannel(client, workspaceId, c.id, target.key, positionAt(positions, index))
  }

  const { name, announcements } = tellings(sections, lists)

  const activeChannel = active && !active.section ? byId.get(active.id) : undefined
  const activeSection = active?.section
    ? sections.find((s) => sectionId(s.key) === active.id)
    : undefined
  const overlay = activeChannel ? (
    <ul className="drag-overlay">{draw.link(activeChannel)}</ul>
  ) : activeSection ? (
    <div className="drag-overlay drag-overlay-section">
      <span>{sectionTitle(activeSection)}</span>
    </div>
  ) : null

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collide}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      // Over the same link, past its middle or back: moved too.
      onDragMove={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null)
        setDragged(null)
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To move a channel, press Space on it, then the up and down arrow keys, and Space again to drop it there. Escape puts it back.`,
        },
      }}
    >
      <SortableContext
        items={movable.map((s) => sectionId(s.key))}
        strategy={verticalListSortingStrategy}
      >
        {sections.map((s) => {
          const channels = lists[s.key]!.map((id) => byId.get(id)!).filter(Boolean)
          const shown = shownIn({ ...s, channels }, props.activeId)
          return (
            <SortableSection
              key={s.key}
              section={s}
              fixed={s.kind === 'starred'}
              channelDragged={!!activeChannel}
              takes={!!activeChannel && takes(s, activeChannel)}
              render={(own) =>
                draw.section(
                  s,
                  <SortableContext items={shown.map((c) => c.id)} strategy={inPlace}>
                    {shown.map((c) => (
                      <SortableLink
                        key={c.id}
                        id={c.id}
                        section={s.key}
                        disabled={!!active?.section}
                        render={(o) => draw.link(c, o)}
                      />
                    ))}
                  </SortableContext>,
                  own
                )
              }
            />
          )
        })}
      </SortableContext>
      <DragOverlay dropAnimation={pointer.current ? undefined : null}>{overlay}</DragOverlay>
    </DndContext>
  )
}
