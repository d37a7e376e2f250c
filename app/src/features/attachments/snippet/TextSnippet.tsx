// A text file in a message (a long paste's "Pasted text.txt", code, a log, some JSON) shown as
// Slack shows a snippet: its first lines in a monospace box, "Show more" to read it all (a box of
// capped height that scrolls), its name, size and a Download button, and code coloured by its
// language (by the file's name, or guessed for a paste). A chunk of its own, loaded when a
// message with such a file is shown; the text is fetched from Storage with the viewer's own
// rights once the snippet is on screen, and the highlighter (ui/code/highlight.ts, another
// chunk, shared with the messages' code blocks) only then, for code. The text is only ever text: the highlighter's tokens become React elements.
import { plural, t } from '@lingui/core/macro'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { formatSize } from '../../../lib/sizes.ts'
import { DownloadLink } from '../components/DownloadLink.tsx'
import type { AttachmentInfo } from '../components/attachment-info.ts'
import { useSnippetText } from '../data/snippet-text.ts'
import { guessLanguage, LANGUAGE_NAMES, languageByName } from '../../../ui/code/languages.ts'
import { COLOURED_CHARS, loadHighlighter } from '../../../ui/code/load.ts'
import type { Highlighter } from '../../../ui/code/load.ts'
import { renderTokens } from '../../../ui/code/tokens.tsx'
import '../../../ui/code/code.css'
import './snippet.css'

/** Lines shown while collapsed, and at most so many characters of them. */
export const COLLAPSED_LINES = 5
const COLLAPSED_CHARS = 2000

/** True once the element has come near the view (at once where that cannot be watched). */
function useSeen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const el = ref.current
    if (seen || !el) return
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true)
      },
      { rootMargin: '200px' }
    )
    watch.observe(el)
    return () => watch.disconnect()
  }, [ref, seen])
  return seen
}

/** highlight.ts once loaded (when `wanted`), shared by every snippet and code block. */
function useHighlighter(wanted: boolean): Highlighter | null {
  const [highlighter, setHighlighter] = useState<Highlighter | null>(null)
  useEffect(() => {
    if (!wanted || highlighter) return
    let live = true
    loadHighlighter().then(
      (h) => live && setHighlighter(h),
      () => undefined // shown uncoloured; tried again by the next snippet
    )
    return () => void (live = false)
  }, [wanted, highlighter])
  return highlighter
}

/** The first lines of `text` (at most COLLAPSED_LINES, and COLLAPSED_CHARS), and whether that is all. */
export function firstLines(text: string): { head: string; all: boolean } {
  let end = -1
  for (let line = 0; line < COLLAPSED_LINES; line++) {
    end = text.indexOf('\n', end + 1)
    if (end < 0) break
  }
  const cut = end < 0 ? text.length : end
  const head = text.slice(0, Math.min(cut, COLLAPSED_CHARS)).replace(/\n$/, '')
  const rest = text.slice(head.length)
  return { head, all: rest === '' || rest === '\n' }
}

export default function TextSnippet({ attachment }: { attachment: AttachmentInfo }) {
  const frame = useRef<HTMLElement>(null)
  const seen = useSeen(frame)
  const textId = useId()
  const [expanded, setExpanded] = useState(false)
  const text = useSnippetText(attachment.path, seen)
  const body = text.data ?? null
  const byName = languageByName(attachment.name)
  const language = useMemo(
    () => (byName === 'guess' ? (body ? guessLanguage(body) : null) : byName),
    [byName, body]
  )
  const highlighter = useHighlighter(body !== null && language !== null)
  const { head, all } = useMemo(() => firstLines(body ?? ''), [body])
  const shown = expanded ? (body ?? '') : head
  const coloured = useMemo(
    () =>
      highlighter && language && shown.length <= COLOURED_CHARS
        ? renderTokens(highlighter.highlight(shown, language).children)
        : null,
    [highlighter, language, shown]
  )
  const lines = useMemo(() => (body ? body.split('\n').length - +body.endsWith('\n') : 0), [body])
  const name = attachment.name
  const meta = [
    formatSize(attachment.size),
    body !== null && lines > 1 ? plural(lines, { one: '# line', other: '# lines' }) : null,
    language ? LANGUAGE_NAMES[language] : null,
  ]
  return (
    <figure ref={frame} className="snippet" aria-label={t`Snippet ${name}`}>
      <figcaption className="snippet-head">
        <span className="snippet-title">
          <span className="file-name">{name}</span>
          <span className="muted">{meta.filter(Boolean).join(' · ')}</span>
        </span>
        <DownloadLink attachment={attachment} />
      </figcaption>
      {body !== null ? (
        <pre
          id={textId}
          className={expanded ? 'snippet-text snippet-expanded' : 'snippet-text'}
          data-language={language ?? undefined}
          // code reads left to right in an Arabic page too; other text in its own direction
          dir={language ? 'ltr' : 'auto'}
          // a box that scrolls (sideways too, when collapsed) is reachable by keyboard
          tabIndex={0}
        >
          <code>{coloured ?? shown}</code>
        </pre>
      ) : text.isError || text.data === null ? (
        <p className="snippet-note muted">
          {text.isError ? t`The text could not be loaded.` : t`No preview: this file is not text.`}
        </p>
      ) : (
        <div className="snippet-text snippet-loading" aria-hidden="true">
          <span className="skeleton" />
        </div>
      )}
      {body !== null && !all && (
        <button
          type="button"
          className="snippet-toggle link-button"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t`Show less` : t`Show more`}
        </button>
      )}
    </figure>
  )
}
