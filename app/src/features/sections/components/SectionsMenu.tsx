// The menus of my sidebar sections (a lazy chunk): a section's (collapse, sort the built-in ones,
// rename, move up/down, create, delete) from its heading's "…", and a channel's (star, move to a section, move up/down) from a
// right click, the context-menu key or Shift+F10 on its link, or the channel header's button. On
// Radix's DropdownMenu: arrow keys, a sub-menu for "Move to section", typeahead, Escape, right to
// left; anchored on what opened it, which has the focus back when it closes.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { t } from '@lingui/core/macro'
import { useCallback, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Icon } from '../../../ui/Icon.tsx'
import type { IconName } from '../../../ui/icons.ts'
import { layerHost } from '../../../ui/ConfirmDialog.tsx'
import { pageDirection } from '../../../ui/direction.ts'
import { confirmed } from '../../../ui/layers.ts'
import '../../../ui/menu.css'
import {
  deleteSection,
  moveSection,
  placeChannel,
  positionAt,
  setCollapsed,
  setSort,
} from '../data/calls.ts'
import { sectionTitle } from '../data/titles.ts'
import type { MenuChannel, SectionsMenuProps } from '../data/menu-types.ts'
import { useSectionRows } from '../data/layout.ts'
import type { Section } from '../data/layout.ts'
import { MenuSub } from '../../../ui/MenuSub.tsx'
import { NameDialog } from './NameDialog.tsx'
import { SortMenu } from './SortMenu.tsx'
import './sections.css'

type Dialog = { kind: 'create'; channelId?: string } | { kind: 'rename'; key: string; name: string }

export default function SectionsMenu(props: SectionsMenuProps) {
  const { workspaceId, sections, anchor } = props
  const client = useQueryClient()
  const rows = useSectionRows(workspaceId).data ?? []
  const [open, setOpen] = useState(true)
  const [dialog, setDialog] = useState<Dialog | null>(props.create ? { kind: 'create' } : null)
  const chosen = useRef<(() => void) | null>(null)
  const rect = anchor.getBoundingClientRect()
  const choose = (run: () => void) => () => (chosen.current = run)
  // The first item focused once, as the menu opens: a callback ref made anew at each render would
  // focus it again at every live change of the sidebar, closing an open sub-menu under the pointer.
  const focusFirst = useCallback((el: HTMLDivElement | null) => {
    if (el) requestAnimationFrame(() => el.querySelector<HTMLElement>('[role="menuitem"]')?.focus())
  }, [])

  const section = props.section ? sections.find((s) => s.key === props.section) : undefined
  const channelSection = props.channelId
    ? sections.find((s) => s.channels.some((c) => c.id === props.channelId))
    : undefined
  const channel = channelSection?.channels.find((c) => c.id === props.channelId)

  const items: ReactNode[] = []
  if (section) items.push(...sectionItems(section))
  else if (channel && channelSection) items.push(...channelItems(channel, channelSection))
  if (!section && !channel) return null

  function sectionItems(s: Section<MenuChannel>): ReactNode[] {
    // Starred stays first; the others move among themselves.
    const movable = sections.filter((x) => x.kind !== 'starred')
    const i = movable.indexOf(s)
    const positions = movable.filter((x) => x !== s).map((x) => x.position)
    const title = sectionTitle(s)
    const builtin = s.kind === 'channels' || s.kind === 'dms' ? s.kind : null
    return [
      <DropdownMenu.Label key="label" className="menu-label" dir="auto">
        {title}
      </DropdownMenu.Label>,
      <Item
        key="collapse"
        icon={s.collapsed ? 'chevron-down' : 'chevron-right'}
        onSelect={choose(() => void setCollapsed(client, workspaceId, s.key, !s.collapsed))}
      >
        {s.collapsed ? t`Expand section` : t`Collapse section`}
      </Item>,
      builtin && (
        <SortMenu
          key="sort"
          sort={s.sort ?? (builtin === 'dms' ? 'recent' : 'alpha')}
          onSort={(sort) => choose(() => void setSort(client, workspaceId, builtin, sort))()}
        />
      ),
      s.kind === 'custom' && (
        <Item
          key="rename"
          icon="pencil"
          onSelect={choose(() => setDialog({ kind: 'rename', key: s.key, name: s.name ?? '' }))}
        >
          {t`Rename section…`}
        </Item>
      ),
      s.kind !== 'starred' && i > 0 && (
        <Item
          key="up"
          icon="arrow-up"
          onSelect={choose(
            () => void moveSection(client, workspaceId, s.key, positionAt(positions, i - 1))
          )}
        >
          {t`Move section up`}
        </Item>
      ),
      s.kind !== 'starred' && i < movable.length - 1 && (
        <Item
          key="down"
          icon="arrow-down"
          onSelect={choose(
            () => void moveSection(client, workspaceId, s.key, positionAt(positions, i + 1))
          )}
        >
          {t`Move section down`}
        </Item>
      ),
      <DropdownMenu.Separator key="sep" className="menu-separator" />,
      <Item key="create" icon="plus" onSelect={choose(() => setDialog({ kind: 'create' }))}>
        {t`Create section…`}
      </Item>,
      s.kind === 'custom' && (
        <Item
          key="delete"
          icon="trash-2"
          danger
          onSelect={choose(() => {
            void confirmed({
              title: t`Delete section`,
              body: t`Delete “${title}”? Its channels and direct messages go back to Channels and Direct messages.`,
              confirm: t`Delete`,
              danger: true,
            }).then((yes) => yes && deleteSection(client, workspaceId, s.key))
          })}
        >
          {t`Delete section…`}
        </Item>
      ),
    ]
  }

  function channelItems(c: MenuChannel, s: Section<MenuChannel>): ReactNode[] {
    const home = c.kind === 'dm' ? 'dms' : 'channels'
    const starred = s.kind === 'starred'
    const ordered = s.kind === 'custom' || starred
    const i = s.channels.indexOf(c)
    const placed = rows.find((r) => r.id === s.key || r.kind === s.key)?.sidebar_placements ?? []
    const positions = s.channels
      .filter((x) => x !== c)
      .map((x) => placed.find((p) => p.channel_id === x.id)?.position ?? 0)
    const place = (key: string, at: number | null) =>
      choose(() => void placeChannel(client, workspaceId, c.id, key, at))
    const targets = sections.filter(
      (x) => x !== s && (x.kind === 'custom' || x.kind === home || x.kind === 'starred')
    )
    if (!targets.some((x) => x.kind === 'starred') && !starred)
      targets.unshift({ key: 'starred', kind: 'starred' } as Section<MenuChannel>)
    if (s.kind === 'custom' && !targets.some((x) => x.kind === home))
      targets.push({ key: home, kind: home } as Section<MenuChannel>)
    return [
      <DropdownMenu.Label key="label" className="menu-label" dir="auto">
        {anchor.querySelector('.channel-name')?.textContent}
      </DropdownMenu.Label>,
      <Item
        key="star"
        icon={starred ? 'star-off' : 'star'}
        onSelect={place(starred ? home : 'starred', null)}
      >
        {starred ? t`Remove from Starred` : t`Star`}
      </Item>,
      <MenuSub key="move" icon="folder-input" label={t`Move to section`}>
        {targets.map((x) => (
          <Item key={x.key} onSelect={place(x.key, null)}>
            <bdi>{sectionTitle(x)}</bdi>
          </Item>
        ))}
        <DropdownMenu.Separator className="menu-separator" />
        <Item icon="plus" onSelect={choose(() => setDialog({ kind: 'create', channelId: c.id }))}>
          {t`New section…`}
        </Item>
      </MenuSub>,
      ordered && i > 0 && (
        <Item key="up" icon="arrow-up" onSelect={place(s.key, positionAt(positions, i - 1))}>
          {t`Move up`}
        </Item>
      ),
      ordered && i < s.channels.length - 1 && (
        <Item key="down" icon="arrow-down" onSelect={place(s.key, positionAt(positions, i + 1))}>
          {t`Move down`}
        </Item>
      ),
    ]
  }

  return (
    <>
      <DropdownMenu.Root
        open={open && !props.create}
        onOpenChange={(o) => !o && setOpen(false)}
        dir={pageDirection()}
        modal={false}
      >
        <DropdownMenu.Trigger asChild>
          <span
            aria-hidden="true"
            className="sections-anchor"
            style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal container={layerHost()}>
          <DropdownMenu.Content
            className="menu"
            aria-label={section ? t`Section options` : t`Channel options`}
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            loop
            ref={focusFirst}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              if (anchor.isConnected) anchor.focus()
              const run = chosen.current
              chosen.current = null
              run?.()
              // A channel moved to another section is a new link there: the focus follows it.
              const id = props.channelId
              if (id)
                setTimeout(() => {
                  if (!anchor.isConnected)
                    document
                      .querySelector<HTMLElement>(`.sidebar-lists [data-channel-id="${id}"]`)
                      ?.focus()
                }, 50)
            }}
          >
            {items}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog && (
        <NameDialog
          workspaceId={workspaceId}
          rename={dialog.kind === 'rename' ? dialog : undefined}
          channelId={dialog.kind === 'create' ? dialog.channelId : undefined}
          onClose={() => {
            setDialog(null)
            props.onDone?.()
          }}
        />
      )}
    </>
  )
}

function Item(props: {
  icon?: IconName
  danger?: boolean
  onSelect: () => void
  children: ReactNode
}) {
  return (
    <DropdownMenu.Item
      className={props.danger ? 'menu-item menu-item-danger' : 'menu-item'}
      onSelect={props.onSelect}
    >
      {props.icon && <Icon name={props.icon} size={16} />}
      <span className="menu-item-label">{props.children}</span>
    </DropdownMenu.Item>
  )
}
