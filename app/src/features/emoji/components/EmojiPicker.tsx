// The full emoji picker, its own lazy chunk with its data (@emoji-mart/data): search, categories,
// skin tones and the emoji this person used last. A modal dialog, so it works the same by mouse,
// keyboard and touch; picking one closes it. Each emoji is named, and found, in the person's
// language (CLDR's names: data/names.ts, a chunk of the language's own loaded with this one) and
// found by its English name too. The emoji slot's section comes first (slots/emoji.ts: the
// workspace's custom emoji, named as the workspace), found by their names and aliases; picking
// one gives its `:name:`.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { use, useMemo, useRef, useState } from 'react'
import data from '@emoji-mart/data'
import type { EmojiMartData } from '@emoji-mart/data'
import { Dialog } from '../../../ui/Dialog.tsx'
import { readPrefs, rememberEmoji, saveSkin } from '../data/prefs.ts'
import { emojiName, searchEmoji, searchPartEmoji, withSkin } from '../data/search.ts'
import { namesKey } from '../data/names.ts'
import { namesNow, NO_EMOJI, noSection, partNow } from '../data/loaded.ts'
import type { EmojiEntry } from '../data/search.ts'
import './emoji-picker.css'
import { Emoji, EmojiWatcher } from './Emoji.tsx'
import { useNearScroller } from './near-scroller.ts'
import type { PartEmoji } from '../../../slots/emoji.ts'

const DATA = data as EmojiMartData

let english: Map<string, string> | null = null
/** Each emoji's English name by its namesKey (for the recently used, kept as characters). */
function englishNames(): Map<string, string> {
  english ??= new Map(
    Object.values(DATA.emojis).map((e) => [namesKey(e.skins[0]?.native ?? ''), e.name])
  )
  return english
}

const CATEGORY_LABELS: Record<string, [string, MessageDescriptor]> = {
  people: ['😀', msg`Smileys & people`],
  nature: ['🐻', msg`Animals & nature`],
  foods: ['🍔', msg`Food & drink`],
  activity: ['⚽', msg`Activity`],
  places: ['🚗', msg`Travel & places`],
  objects: ['💡', msg`Objects`],
  symbols: ['❤️', msg`Symbols`],
  flags: ['🏁', msg`Flags`],
}

/** A category's name in the app's language (its id for one this table does not know). */
function categoryLabel(id: string): string {
  const label = CATEGORY_LABELS[id]?.[1]
  return label ? i18n._(label) : id
}

const TONES = ['✋', '✋🏻', '✋🏼', '✋🏽', '✋🏾', '✋🏿']
const TONE_NAMES = [
  msg`No skin tone`,
  msg`Light`,
  msg`Medium-light`,
  msg`Medium`,
  msg`Medium-dark`,
  msg`Dark`,
]

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
  const local = use(namesNow())
  const found = useMemo(
    () => searchEmoji(Object.values(DATA.emojis), query, 120, local),
    [query, local]
  )
  const useSection = use(partNow())?.useSection ?? noSection
  const section = useSection()
  const customs = section?.emoji ?? NO_EMOJI
  const customName = section?.title ?? ''
  const foundCustom = useMemo(() => searchPartEmoji(customs, query), [customs, query])
  const nameOfRecent = (emoji: string) =>
    local?.[namesKey(emoji)]?.[0] ?? englishNames().get(namesKey(emoji)) ?? emoji

  const pick = (emoji: string) => {
    rememberEmoji(userId, emoji)
    onPick(emoji)
  }
  const customButton = (e: PartEmoji) => (
    <button
      key={e.id}
      type="button"
      className="emoji-option"
      title={e.code}
      aria-label={e.code}
      onClick={() => pick(e.code)}
    >
      <Emoji emoji={e.code} />
    </button>
  )
  const button = (e: EmojiEntry) => {
    const native = withSkin(e, prefs.skin)
    return (
      <button
        key={e.id}
        type="button"
        className="emoji-option"
        title={`${emojiName(e, local)} :${e.id}:`}
        aria-label={emojiName(e, local)}
        onClick={() => pick(native)}
      >
        <Emoji emoji={native} />
      </button>
    )
  }

  return (
    <Dialog title={title ?? t`Add a reaction`} open onClose={onClose}>
      <div className="emoji-full">
        <div className="emoji-full-top">
          <input
            type="search"
            className="emoji-search"
            aria-label={t`Search emoji`}
            placeholder={t`Search emoji`}
            value={query}
            autoFocus
            data-autofocus
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className="emoji-tones" role="radiogroup" aria-label={t`Skin tone`}>
            {TONES.map((tone, i) => (
              <button
                key={tone}
                type="button"
                role="radio"
                aria-checked={prefs.skin === i}
                aria-label={i18n._(TONE_NAMES[i]!)}
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
          <nav className="emoji-categories" aria-label={t`Categories`}>
            {customs.length > 0 && (
              <button
                type="button"
                className="icon-button"
                aria-label={customName}
                title={customName}
                onClick={() => sections.current.get('custom')?.scrollIntoView({ block: 'start' })}
              >
                <Emoji emoji={customs[0]!.code} />
              </button>
            )}
            {DATA.categories.map((c) => {
              const icon = CATEGORY_LABELS[c.id]?.[0] ?? '•'
              const label = categoryLabel(c.id)
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
              <section aria-label={t`Search results`}>
                {found.length + foundCustom.length === 0 ? (
                  <p className="muted">{t`No emoji match “${query}”.`}</p>
                ) : (
                  <div className="emoji-grid">
                    {foundCustom.map(customButton)}
                    {found.map(button)}
                  </div>
                )}
              </section>
            ) : (
              <>
                {prefs.recent.length > 0 && (
                  <section aria-label={t`Recently used`}>
                    <h3 className="emoji-section-title">{t`Recently used`}</h3>
                    <div className="emoji-grid">
                      {prefs.recent.map((emoji) => {
                        const name = nameOfRecent(emoji)
                        return (
                          <button
                            key={emoji}
                            type="button"
                            className="emoji-option"
                            aria-label={t`Recently used: ${name}`}
                            onClick={() => pick(emoji)}
                          >
                            <Emoji emoji={emoji} />
                          </button>
                        )
                      })}
                    </div>
                  </section>
                )}
                {customs.length > 0 && (
                  <section
                    aria-label={customName}
                    ref={(el) => {
                      if (el) sections.current.set('custom', el)
                    }}
                  >
                    <h3 className="emoji-section-title">{customName}</h3>
                    <div className="emoji-grid">{customs.map(customButton)}</div>
                  </section>
                )}
                {DATA.categories.map((c) => (
                  <section
                    key={c.id}
                    aria-label={categoryLabel(c.id)}
                    ref={(el) => {
                      if (el) sections.current.set(c.id, el)
                    }}
                  >
                    <h3 className="emoji-section-title">{categoryLabel(c.id)}</h3>
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
