// Ctrl/Cmd+K: jump to a channel, a DM, a person or a view of the workspace (Activity, All
// unreads, Threads, Later) by any part of the name, keyboard only (arrows, Enter, Escape),
// recently opened ones first. A person opens (or starts) the DM.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { useId, useMemo, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { browserStore, readJson } from '../../../lib/local-store.ts'
import { navigate } from '../../../lib/router.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { channelLabel, useChannelMutations } from '../../channels/index.ts'
import { workspaceViews } from '../../workspace-views.tsx'
import { recentKey } from '../recent.ts'
import { matchSwitcher, touchRecent } from '../switcher.ts'
import type { SwitcherItem } from '../switcher.ts'
import type { SearchContext } from '../search-context.ts'
import './search.css'

const viewIcons = new Map(workspaceViews.map((v) => [v.path, v.icon]))

export default function QuickSwitcher(props: SearchContext & { onClose: () => void }) {
  const { workspaceId, channels, members, me, onClose } = props
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const { openDm } = useChannelMutations(workspaceId)
  const listId = useId()
  const recent = useMemo(
    () => readJson<string[]>(browserStore(), recentKey(workspaceId), []),
    [workspaceId]
  )

  const items: SwitcherItem[] = useMemo(() => {
    const list: SwitcherItem[] = channels
      .filter((c) => c.isMember)
      .map((c) => ({
        key: `channel:${c.id}`,
        kind: c.kind === 'dm' ? 'dm' : 'channel',
        label: channelLabel(c, me),
        id: c.id,
      }))
    const withDm = new Set(
      channels
        .filter((c) => c.kind === 'dm' && c.dmMembers.length === 2)
        .flatMap((c) => c.dmMembers.map((m) => m.id))
    )
    for (const v of workspaceViews) {
      list.push({ key: `view:${v.path}`, kind: 'view', label: i18n._(v.label), id: v.path })
    }
    for (const m of members) {
      if (m.userId !== me && !withDm.has(m.userId)) {
        list.push({ key: `person:${m.userId}`, kind: 'person', label: m.displayName, id: m.userId })
      }
    }
    return list
  }, [channels, members, me])
  const matches = useMemo(() => matchSwitcher(items, text, recent), [items, text, recent])
  const current = matches[Math.min(active, matches.length - 1)]

  /** The channel opened, its message box has the focus (as after Alt+Up/Down): the switcher's
   * opener went with the channel it was in, and the focus with it. */
  function go(channelId: string) {
    onClose()
    navigate(`/w/${workspaceId}/c/${channelId}`)
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('.channel-view .composer textarea')?.focus()
    )
  }

  function open(item: SwitcherItem | undefined) {
    if (!item) return
    const store = browserStore()
    const remember = (key: string) =>
      store.setItem(recentKey(workspaceId), JSON.stringify(touchRecent(recent, key)))
    if (item.kind === 'person') {
      openDm.mutate([item.id], {
        onSuccess: (channelId) => {
          remember(`channel:${channelId}`)
          go(channelId)
        },
      })
      return
    }
    remember(item.key)
    if (item.kind === 'view') {
      onClose()
      navigate(`/w/${workspaceId}/${item.id}`)
      return
    }
    go(item.id)
  }

  return (
    <Dialog title={t`Jump to…`} open onClose={onClose}>
      <input
        className="search-input"
        autoFocus
        data-autofocus
        role="combobox"
        aria-label={t`Channel, conversation or person`}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={current ? `${listId}-${current.key}` : undefined}
        placeholder={t`Channel, conversation or person`}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setActive(0)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            const step = e.key === 'ArrowDown' ? 1 : -1
            setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0))
          } else if (e.key === 'Enter') {
            e.preventDefault()
            open(current)
          }
        }}
      />
      {openDm.error && <Notice tone="error">{cleanError(openDm.error)}</Notice>}
      <ul className="switcher-list" role="listbox" id={listId} aria-label={t`Matches`}>
        {matches.map((item) => (
          <li
            key={item.key}
            id={`${listId}-${item.key}`}
            role="option"
            aria-selected={item === current}
            className={item === current ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => open(item)}
          >
            <span className="switcher-kind" aria-hidden="true">
              {item.kind === 'channel' ? (
                '#'
              ) : item.kind === 'dm' ? (
                <Icon name="messages-square" size={14} />
              ) : item.kind === 'view' ? (
                <Icon name={viewIcons.get(item.id) ?? 'list'} size={14} />
              ) : (
                '@'
              )}
            </span>
            <bdi>{item.label}</bdi>
            {item.kind === 'person' && <span className="muted"> · {t`start a conversation`}</span>}
          </li>
        ))}
        {matches.length === 0 && <li className="muted">{t`Nothing matches “${text}”.`}</li>}
      </ul>
    </Dialog>
  )
}
