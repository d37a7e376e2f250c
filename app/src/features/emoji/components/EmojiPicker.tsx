// The full emoji picker, its own lazy chunk with its data (@emoji-mart/data): search, categories,
// skin tones and the emoji this person used last. A modal dialog, so it works the same by mouse,
// keyboard and touch; picking one closes it.
import { useMemo, useRef, useState } from 'react'
import type { RefObject } from 'react'
import data from '@emoji-mart/data'
import type { EmojiMartData } from '@emoji-mart/data'
import { Dialog } from '../../../ui/Dialog.tsx'
import { readPrefs, rememberEmoji, saveSkin } from '../data/prefs.ts'
import { searchEmoji, withSkin } from '../data/search.ts'
import type { EmojiEntry } from '../data/search.ts'
import './emoji-picker.css'
import { Emoji, EmojiWatcher } from './Emoji.tsx'
import type { EmojiWatch } from './Emoji.tsx'

const DATA = data as EmojiMartData

const CATEGORY_LABELS: Record<string, [string, string]> = {
  people: ['😀', 'Smileys & people'],
  nature: ['🐻', 'Animals & nature'],
  foods: ['🍔', 'Food & drink'],
  activity: ['⚽', 'Activity'],
  places: ['🚗', 'Travel & places'],
  objects: ['💡', 'Objects'],
  symbols: ['❤️', 'Symbols'],
  flags: ['🏁', 'Flags'],
}

const TONES = ['✋', '✋🏻', '✋🏼', '✋🏽', '✋🏾', '✋🏿']
const TONE_NAMES = ['No skin tone', 'Light', 'Medium-light', 'Medium', 'Medium-dark', 'Dark']

export interface Props {
  userId: string
  onPick: (emoji: string) => void
  onClose: () => void
  /** The dialog's title: "Add a reaction" unless told. */
  title?: string
}

export default function EmojiPicker({ userId, onPick, onClose, title }: Props) {
  const [query, setQuery] = useState('')
  const [prefs, setPrefs] = useState(() => readPrefs(userId))
  const sections = useRef(new Map<string, HTMLElement>())
  const scroller = useRef<HTMLDivElement>(null)
  const watch = useNearScroller(scroller)
  const found = useMemo(() => searchEmoji(Object.values(DATA.emojis), query), [query])

  const pick = (emoji: string) => {
    rememberEmoji(userId, emoji)
    onPick(emoji)
  }
  const button = (e: EmojiEntry) => {
    const native = withSkin(e, prefs.skin)
    return (
      <button
        key={e.id}
        type="button"
        className="emoji-option"
        title={`:${e.id}:`}
        aria-label={e.name}
        onClick={() => pick(native)}
      >
        <Emoji emoji={native} />
      </button>
    )
  }

  return (
    <Dialog title={title ?? 'Add a reaction'} open onClose={onClose}>
      <div className="emoji-full">
        <div className="emoji-full-top">
          <input
            type="search"
            className="emoji-search"
            aria-label="Search emoji"
            placeholder="Search emoji"
            value={query}
            autoFocus
            data-autofocus
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className="emoji-tones" role="radiogroup" aria-label="Skin tone">
            {TONES.map((tone, i) => (
              <button
                key={tone}
                type="button"
                role="radio"
                aria-checked={prefs.skin === i}
                aria-label={TONE_NAMES[i]}
                className="emoji-tone"
                onClick={() => {
                  saveSkin(userId, i)
                  setPrefs((p) => ({ ...p, skin: i }))
                }}
              >
                <Emoji emoji={tone} />
              </button>
            ))}
          </div>
        </div>
        {!query && (
          <nav className="emoji-categories" aria-label="Categories">
            {DATA.categories.map((c) => {
              const [icon, label] = CATEGORY_LABELS[c.id] ?? ['•', c.id]
              return (
                <button
                  key={c.id}
                  type="button"
                  className="icon-button"
                  aria-label={label}
                  title={label}
                  onClick={() => sections.current.get(c.id)?.scrollIntoView({ block: 'start' })}
                >
                  <Emoji emoji={icon} />
                </button>
              )
            })}
          </nav>
        )}
        <div className="emoji-scroll" ref={scroller}>
          <EmojiWatcher.Provider value={watch}>
            {query ? (
              <section aria-label="Search results">
                {found.length === 0 ? (
                  <p className="muted">No emoji match “{query}”.</p>
                ) : (
                  <div className="emoji-grid">{found.map(button)}</div>
                )}
              </section>
            ) : (
              <>
                {prefs.recent.length > 0 && (
                  <section aria-label="Recently used">
                    <h3 className="emoji-section-title">Recently used</h3>
                    <div className="emoji-grid">
                      {prefs.recent.map((emoji) => (
                        <button
                          key={emoji}
                          type="button"
                          className="emoji-option"
                          aria-label={`Recently used ${emoji}`}
                          onClick={() => pick(emoji)}
                        >
                          <Emoji emoji={emoji} />
                        </button>
                      ))}
                    </div>
                  </section>
                )}
                {DATA.categories.map((c) => (
                  <section
                    key={c.id}
                    aria-label={CATEGORY_LABELS[c.id]?.[1] ?? c.id}
                    ref={(el) => {
                      if (el) sections.current.set(c.id, el)
                    }}
                  >
                    <h3 className="emoji-section-title">{CATEGORY_LABELS[c.id]?.[1] ?? c.id}</h3>
                    <div className="emoji-grid">
                      {c.emojis.flatMap((id) => {
                        const e = DATA.emojis[id]
                        return e ? [button(e)] : []
                      })}
                    </div>
                  </section>
                ))}
              </>
            )}
          </EmojiWatcher.Provider>
        </div>
      </div>
    </Dialog>
  )
}

/**
 * Watches emoji in the scroller: each loads its image once it is within half the scroller's
 * height of its view (one IntersectionObserver for all, made at the first emoji's watch, when
 * the scroller is in the page).
 */
function useNearScroller(scroller: RefObject<HTMLDivElement | null>): EmojiWatch {
  return useMemo(() => {
    let observer: IntersectionObserver | null = null
    const waiting = new Map<Element, () => void>()
    return (element, show) => {
      const root = scroller.current
      if (!root || typeof IntersectionObserver === 'undefined') {
        show()
        return () => {}
      }
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const shown = entry.isIntersecting ? waiting.get(entry.target) : undefined
            if (!shown) continue
            waiting.delete(entry.target)
            observer?.unobserve(entry.target)
            shown()
          }
        },
        { root, rootMargin: '50% 0px' }
      )
      waiting.set(element, show)
      observer.observe(element)
      return () => {
        waiting.delete(element)
        observer?.unobserve(element)
      }
    }
  }, [scroller])
}
