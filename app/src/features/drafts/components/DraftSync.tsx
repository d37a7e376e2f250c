// A composer's draft kept on my account (slots/composer.ts: a part beside Send that shows
// nothing, a chunk of its own rendered once the first screen is shown): my edits are saved a
// second after typing pauses, at once when the box is emptied (sent, cleared) and when the page
// is hidden or left; a newer draft from another device comes in on my user topic and is shown
// unless I am typing here (data/sync-rule.ts). An edit that cannot be saved (offline) waits on
// this device and is saved once it is back online; the composer's own text is the fallback.
import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { SendMenuProps } from '../../../slots/composer.ts'
import { useUserId } from '../../auth/index.ts'
import { boxKey, saveDraft, useDrafts, useDraftsLive } from '../data/drafts.ts'
import { readSync, takeFocusWish, textHash, writeSync } from '../data/local-sync.ts'
import { refused, savePending } from '../data/pending.ts'
import { decide } from '../data/sync-rule.ts'

/** How long typing pauses before the draft is saved to my account. */
export const SAVE_MS = 1000
/** The longest draft kept on the account (a message's limit); a longer one stays on the device. */
const MAX_LENGTH = 40_000

export default function DraftSync(props: SendMenuProps) {
  const { scope, text, setText, inputRef } = props
  if (!scope) return null
  return (
    <Sync
      box={props.channelId}
      workspaceId={scope.workspaceId}
      channelId={scope.channelId}
      parentId={props.threadId ?? null}
      text={text}
      setText={setText}
      input={inputRef}
    />
  )
}

interface SyncProps {
  box: string
  workspaceId: string
  channelId: string
  parentId: string | null
  text: string
  setText: (text: string) => void
  input: SendMenuProps['inputRef']
}

function Sync({ box, workspaceId, channelId, parentId, text, setText, input }: SyncProps) {
  const me = useUserId()
  const queryClient = useQueryClient()
  const drafts = useDrafts(workspaceId)
  useDraftsLive(me)
  const row = drafts.data?.find((d) => boxKey(d.channelId, d.parentId) === box)
  const [tick, setTick] = useState(0)
  const latest = useRef(text)
  latest.current = text
  const seen = useRef(text)
  const taken = useRef<string | null>(null)
  const typedAt = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const push = useRef(async () => {})

  push.current = async () => {
    clearTimeout(timer.current)
    timer.current = undefined
    const state = readSync(box)
    const body = latest.current
    if (!state?.pending || body.length > MAX_LENGTH) return
    try {
      const kept = await saveDraft(queryClient, {
        channelId,
        parentId,
        body,
        editedAt: state.editedAt,
      })
      if (readSync(box)?.editedAt !== state.editedAt) return
      // Saved: the account's time is this text's now. Not kept (a newer edit elsewhere): decided
      // again with it.
      writeSync(box, {
        editedAt: kept.body === body ? Date.parse(kept.editedAt) : state.editedAt,
        pending: false,
        hash: textHash(body),
      })
      setTick((n) => n + 1)
    } catch (error) {
      // A channel I left, a thread gone: kept on this device only. Offline: saved once back.
      if (refused(error)) writeSync(box, { ...state, pending: false, hash: textHash(body) })
    }
  }

  // My edits: saved a moment after typing pauses, at once when the box is emptied.
  useEffect(() => {
    if (text === seen.current) return
    seen.current = text
    if (text === taken.current) {
      taken.current = null
      return
    }
    const now = Date.now()
    typedAt.current = now
    writeSync(box, { editedAt: now, pending: true })
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void push.current(), text ? SAVE_MS : 0)
  }, [text, box])

  // Saved when the page is hidden or left, back online, and when the composer goes; decided again
  // when the box loses the focus.
  useEffect(() => {
    const flush = () => void push.current()
    const again = () => setTick((n) => n + 1)
    const box = input.current
    addEventListener('pagehide', flush)
    addEventListener('online', flush)
    document.addEventListener('visibilitychange', flush)
    box?.addEventListener('blur', again)
    return () => {
      removeEventListener('pagehide', flush)
      removeEventListener('online', flush)
      document.removeEventListener('visibilitychange', flush)
      box?.removeEventListener('blur', again)
      flush()
    }
  }, [input])

  // What this device left unsaved in other boxes goes too.
  useEffect(() => void savePending(queryClient), [queryClient])

  // Opened from Drafts: the box takes the focus.
  useEffect(() => {
    if (!takeFocusWish(box)) return
    const el = input.current
    el?.focus()
    el?.setSelectionRange(el.value.length, el.value.length)
  }, [box, input])

  // Text typed here before this sync ran (the first moment after a load), or never saved: an
  // edit of this device's, of now.
  useEffect(() => {
    const state = readSync(box)
    const text = latest.current
    if (state?.pending) return
    if (state ? state.hash !== textHash(text) : text !== '')
      writeSync(box, { editedAt: Date.now(), pending: true })
  }, [box])

  // What the box shows: this device's text or the account's, whichever was edited last.
  const serverBody = row?.body
  const serverAt = row ? Date.parse(row.editedAt) : null
  useEffect(() => {
    if (!drafts.data) return
    const state = readSync(box)
    const now = Date.now()
    const decision = decide(
      { text: latest.current, editedAt: state?.editedAt ?? null, pending: !!state?.pending },
      serverBody === undefined || serverAt === null
        ? null
        : { body: serverBody, editedAt: serverAt },
      { focused: document.activeElement === input.current, typedAt: typedAt.current },
      now
    )
    if (decision.kind === 'save') {
      if (!state) writeSync(box, { editedAt: now, pending: true })
      // typing: saved when it pauses
      if (timer.current === undefined) void push.current()
    } else if (decision.kind === 'take') {
      writeSync(box, { editedAt: decision.editedAt, pending: false, hash: textHash(decision.text) })
      if (decision.text !== latest.current) {
        taken.current = decision.text
        setText(decision.text)
      }
    } else if (decision.kind === 'hold' && decision.retryIn !== null) {
      const retry = setTimeout(() => setTick((n) => n + 1), decision.retryIn)
      return () => clearTimeout(retry)
    }
    return undefined
  }, [drafts.data, serverBody, serverAt, box, tick, input, setText])

  return null
}
