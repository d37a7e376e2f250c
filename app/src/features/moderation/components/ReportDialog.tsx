// "Report message" (a lazy chunk): why (spam, harassment, inappropriate, something else) and an
// optional note for the admins. The author is never told who reported them.
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { bodyAsText } from '../../../lib/message-tokens.ts'
import type { NameOf } from '../../../lib/message-tokens.ts'
import { REASONS, useReportMessage } from '../data/moderation.ts'
import type { ReportReason } from '../data/moderation.ts'
import './moderation.css'

export interface Props {
  channelId: string
  /** The message reported: its id and text. */
  message: { id: string; body: string }
  author: string
  /** Names for the mentions in its text. */
  nameOf: NameOf
  onClose: () => void
}

export default function ReportDialog({ channelId, message, author, nameOf, onClose }: Props) {
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [note, setNote] = useState('')
  const report = useReportMessage(channelId)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!reason) return
    report.mutate({ messageId: message.id, reason, note }, { onSuccess: onClose })
  }

  return (
    <Dialog title={t`Report message`} open onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <p className="muted">
          {t`The workspace's admins will see this message by ${author} and your reason. ${author} will not be told who reported it.`}
        </p>
        <blockquote className="report-quote">{bodyAsText(message.body, nameOf)}</blockquote>
        <fieldset className="report-reasons">
          <legend>{t`Why are you reporting it?`}</legend>
          {REASONS.map((r) => (
            <label key={r.id} className="report-reason">
              <input
                type="radio"
                name="reason"
                value={r.id}
                required
                checked={reason === r.id}
                onChange={() => setReason(r.id)}
              />
              {i18n._(r.label)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t`Anything the admins should know (optional)`}</span>
          <textarea maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        {report.isError && <Notice tone="error">{cleanError(report.error)}</Notice>}
        <div className="report-buttons">
          <button type="submit" className="button" disabled={!reason || report.isPending}>
            {t`Report`}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t`Cancel`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
