// The composer's `:` autocomplete (messages' Completions.tsx shows it while a `:query` is typed):
// the emoji it finds (data/complete.ts), the workspace's custom ones (the emoji slot's section,
// kept current live) and the shipped set's, each with its image and shortcode, as a listbox the
// box's arrows move through (Enter or Tab picks, Escape closes). A lazy chunk with the emoji
// data, fetched when a `:` is first typed; it renders nothing while the query is empty.
import { t } from '@lingui/core/macro'
import { use, useLayoutEffect, useMemo, useState } from 'react'
import type { KeyboardEvent, RefObject } from 'react'
import data from '@emoji-mart/data'
import type { EmojiMartData } from '@emoji-mart/data'
import { useAuth } from '../../auth/index.ts'
import { completeEmoji } from '../data/complete.ts'
import type { Completion } from '../data/complete.ts'
import { namesNow, NO_EMOJI, noSection, partNow } from '../data/loaded.ts'
import { readPrefs, rememberEmoji } from '../data/prefs.ts'
import { Emoji } from './Emoji.tsx'
import './emoji-completion.css'

const DATA = data as EmojiMartData
const EMOJIS = Object.values(DATA.emojis)

/** The keys a list takes from the box while it shows (true: taken). */
export interface CompletionListHandle {
  keyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean
}

export interface EmojiCompletionProps {
  handle: RefObject<CompletionListHandle | null>
  /** The listbox's id; option i is `${id}-${i}`. */
  id: string
  /** What follows the `:` ("" while none is being typed: nothing shows). */
  query: string
  /** Writes what was picked (a custom emoji's ":name:", or the character). */
  onPick: (text: string) => void
  onDismiss: () => void
  /** The active option's index while the list shows, null when it does not. */
  onActive: (index: number | null) => void
}

export default function EmojiCompletion(props: EmojiCompletionProps) {
  const { query, onActive, id } = props
  const auth = useAuth()
  const userId = auth.status === 'signed-in' ? auth.userId : ''
  const local = use(namesNow())
  const custom = (use(partNow())?.useSection ?? noSection)()?.emoji ?? NO_EMOJI
  const [prefs] = useState(() => readPrefs(userId))
  const options = useMemo(
    () =>
      completeEmoji(query, {
        emojis: EMOJIS,
        aliases: DATA.aliases,
        custom,
        local,
        recent: prefs.recent,
        skin: prefs.skin,
      }),
    [query, custom, local, prefs]
  )
  // The first option is active again whenever the query changes.
  const [state, setState] = useState({ query, active: 0 })
  if (state.query !== query) setState({ query, active: 0 })
  const count = options.length
  const active = Math.min(state.query === query ? state.active : 0, Math.max(0, count - 1))
  const open = count > 0

  useLayoutEffect(() => {
    onActive(open ? active : null)
    if (open) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' })
  }, [open, active, onActive, id])
  useLayoutEffect(() => () => onActive(null), [onActive])

  const pick = (option: Completion) => {
    if (userId) rememberEmoji(userId, option.insert)
    props.onPick(option.insert)
  }

  props.handle.current = {
    keyDown(event) {
      if (!open || event.nativeEvent.isComposing) return false
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !event.altKey) {
        const step = event.key === 'ArrowDown' ? 1 : -1
        setState({ query, active: (active + step + count) % count })
      } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab')
        pick(options[active]!)
      else if (event.key === 'Escape') props.onDismiss()
      else return false
      return true
    },
  }

  if (!open) return null
  return (
    <ul className="mention-options emoji-completions" role="listbox" id={id} aria-label={t`Emoji`}>
      {options.map((option, index) => (
        <li
          key={option.key}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className={index === active ? 'active' : undefined}
          onMouseDown={(e) => {
            e.preventDefault()
            pick(option)
          }}
        >
          <span className="emoji-completion-image" aria-hidden="true">
            <Emoji emoji={option.emoji} />
          </span>
          <span className="emoji-completion-code" dir="ltr">
            {option.code}
          </span>
          {option.hint && (
            // beside a long shortcode it is cut: whole on hover
            <span className="emoji-completion-hint" title={option.hint}>
              {option.hint}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}
