// Message search: results as you type (and on Enter), filters as chips, newest first or by
// relevance; each result shows channel, author, time and a snippet with the matches marked, and
// opens its message in context. A malformed query shows what is wrong, never an error page.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { Suspense, useEffect, useId, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { bodyAsLine } from '../../../../../supabase/functions/_shared/body-line.ts'
import { navigate } from '../../../lib/router.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { channelLabel } from '../../channels/index.ts'
import { useSearchMessages } from '../data/search-messages.ts'
import type { SearchHit, SearchOrder } from '../data/search-messages.ts'
import { highlight } from '../highlight.ts'
import { isEmptyQuery, parseQuery, removeFilter } from '../query.ts'
import type { SearchQuery } from '../query.ts'
import type { SearchContext } from '../search-context.ts'
import './search.css'

// A hit's emoji as images (features/emoji-text.tsx, a chunk of its own): its text until then.
const EmojiText = lazyRetrying(
  () => import('../../emoji-text.tsx'),
  ({ text }: { text: string }) => text
)

const QUICK_FILTERS = ['from:@me', 'mentions:@me', 'has:file', 'has:link', 'is:thread']

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setCurrent(value), ms)
    return () => window.clearTimeout(timer)
  }, [value, ms])
  return current
}

export default function SearchPanel(props: SearchContext & { onClose: () => void }) {
  const { workspaceId, workspaceName, channels, me, nameOf, onClose } = props
  const [text, setText] = useState('')
  const [submitted, setSubmitted] = useState<string | null>(null)
  const [order, setOrder] = useState<SearchOrder>('newest')
  const [active, setActive] = useState(0)
  const listId = useId()
  const typed = useDebounced(text, 150)
  const parsed = useMemo(() => parseQuery(submitted ?? typed), [submitted, typed])
  const query: SearchQuery | null = parsed.ok ? parsed.query : null
  const search = useSearchMessages(workspaceId, query, order)
  const hits = query && !isEmptyQuery(query) ? (search.data ?? []) : []
  const current = hits[Math.min(active, hits.length - 1)]
  const nowParsed = useMemo(() => parseQuery(text), [text])

  const channelName = (id: string) => {
    const c = channels.find((x) => x.id === id)
    if (!c) return t`a channel`
    return c.kind === 'dm' ? channelLabel(c, me) : `#${channelLabel(c, me)}`
  }

  function open(hit: SearchHit | undefined) {
    if (!hit) return
    onClose()
    navigate(`/w/${workspaceId}/c/${hit.channelId}/m/${hit.id}`)
  }

  function edit(next: string) {
    setText(next)
    setSubmitted(null)
    setActive(0)
  }

  const terms = query ? query.terms : []
  return (
    <Dialog title={t`Search ${workspaceName}`} open onClose={onClose} wide>
      <input
        className="search-input"
        type="search"
        autoFocus
        data-autofocus
        role="combobox"
        aria-label={t`Search messages`}
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
        placeholder={t`Words, "a phrase", -without, in:#channel, from:@person, before:2026-01-31`}
        value={text}
        onChange={(e) => edit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // A search field's own Escape clears its text and keeps the dialog open: one press
            // closes the search, as everywhere else.
            e.preventDefault()
            onClose()
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            const step = e.key === 'ArrowDown' ? 1 : -1
            setActive((i) => (hits.length ? (i + step + hits.length) % hits.length : 0))
          } else if (e.key === 'Enter') {
            e.preventDefault()
            if (submitted === text && current) open(current)
            else setSubmitted(text)
          }
        }}
      />
      <div className="search-chips" aria-label={t`Filters`}>
        {nowParsed.ok &&
          nowParsed.query.filters.map((f) => {
            const filter = text.slice(f.start, f.end)
            return (
              <span key={`${f.start}-${f.key}`} className="chip">
                {filter}
                <button
                  type="button"
                  aria-label={t`Remove ${filter}`}
                  onClick={() => edit(removeFilter(text, f))}
                >
                  <Icon name="x" size={16} />
                </button>
              </span>
            )
          })}
        {QUICK_FILTERS.filter((f) => !text.includes(f)).map((f) => (
          <button
            key={f}
            type="button"
            className="chip chip-add"
            onClick={() => edit(`${text.trim()} ${f}`.trim())}
          >
            + {f}
          </button>
        ))}
        <div className="search-order">
          <Select
            inline
            label={t`Sort`}
            value={order}
            onValueChange={setOrder}
            options={[
              { value: 'newest', label: t`Newest first` },
              { value: 'relevance', label: t`Most relevant` },
            ]}
          />
        </div>
      </div>
      {!nowParsed.ok && <Notice tone="warning">{nowParsed.error}</Notice>}
      {search.error && <Notice tone="error">{cleanError(search.error)}</Notice>}
      {search.isFetching && hits.length === 0 && <Spinner label={t`Searching`} />}
      <ul className="search-results" role="listbox" id={listId} aria-label={t`Results`}>
        {hits.map((hit) => (
          <li
            key={hit.id}
            id={`${listId}-${hit.id}`}
            role="option"
            aria-selected={hit === current}
            className={hit === current ? 'active' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => open(hit)}
          >
            <div className="search-hit-meta">
              <strong>{channelName(hit.channelId)}</strong> · <bdi>{nameOf(hit.authorId)}</bdi> ·{' '}
              <time dateTime={hit.createdAt}>{dateTimeLabel(hit.createdAt)}</time>
            </div>
            <Marked
              className="search-snippet"
              text={bodyAsLine(hit.snippet, nameOf)}
              terms={terms}
            />
            {hit.fileNames.map((name) => (
              <Marked key={name} className="search-file" text={name} terms={terms}>
                <Icon name="paperclip" size={14} />{' '}
              </Marked>
            ))}
          </li>
        ))}
        {query && !isEmptyQuery(query) && search.isSuccess && hits.length === 0 && (
          <li className="muted">{t`No messages match.`}</li>
        )}
      </ul>
    </Dialog>
  )
}

function Marked({
  text,
  terms,
  className,
  children,
}: {
  text: string
  terms: string[]
  className: string
  /** Before the text: an icon. */
  children?: ReactNode
}) {
  return (
    <p className={className} dir="auto">
      {children}
      <Suspense fallback={text}>
        {highlight(text, terms).map((part, i) =>
          part.match ? (
            <mark key={i}>
              <EmojiText text={part.text} />
            </mark>
          ) : (
            <EmojiText key={i} text={part.text} />
          )
        )}
      </Suspense>
    </p>
  )
}
