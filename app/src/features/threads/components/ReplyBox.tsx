// The reply box of a card in the Threads view: a text area that grows with what is typed (up to
// a few lines), Enter sends, Shift+Enter makes a new line; the send button beside it. The id of
// the reply is made here, so a send retried by the outbox cannot double it.
import { t } from '@lingui/core/macro'
import { useId, useRef, useState } from 'react'
import { newId } from '../../../lib/uuid.ts'
import { IconButton } from '../../../ui/IconButton.tsx'

interface Props {
  threadId: string
  /** Its accessible name ("Reply in thread in #general"). */
  label: string
  /** Sends; an error's words, or null once it is on its way. */
  onSend: (body: string, id: string) => string | null
}

export function ReplyBox({ label, onSend }: Props) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const box = useRef<HTMLTextAreaElement>(null)
  const errorId = useId()
  const submit = () => {
    const body = text.trim()
    if (!body) return
    const failed = onSend(body, newId())
    setError(failed)
    if (!failed) setText('')
    box.current?.focus()
  }
  return (
    <form
      className="reply-box"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <textarea
        ref={box}
        className="reply-box-input"
        rows={1}
        aria-label={label}
        placeholder={t`Reply…`}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            submit()
          }
        }}
      />
      <IconButton
        type="submit"
        icon="send-horizontal"
        label={t`Send reply`}
        className="reply-box-send"
        disabled={!text.trim()}
      />
      {error && (
        <p id={errorId} className="reply-box-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
