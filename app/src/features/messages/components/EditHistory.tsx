// "(edited)": the message's versions, the current one first, each with when it was written.
// Loaded on first open.
import { Trans } from '@lingui/react/macro'
import { t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { useEditHistory } from '../data/edit-history.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import type { ResolveMention } from '../../../slots/message.ts'
import type { ChatMessage } from '../conversation/types.ts'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import './edit-history.css'

interface Props {
  message: ChatMessage
  author: string
  resolveMention: ResolveMention
  onClose: () => void
}

export default function EditHistory({ message, author, resolveMention, onClose }: Props) {
  const history = useEditHistory(message.id, message.editedAt)
  const versions = [
    { body: message.body, writtenAt: message.editedAt ?? message.createdAt, now: true },
    ...[...(history.data ?? [])].reverse().map((v) => ({ ...v, now: false })),
  ]
  return (
    <Dialog title={t`Edit history of ${author}'s message`} open onClose={onClose}>
      {history.isPending ? (
        <Spinner label={t`Loading the earlier versions`} />
      ) : history.isError ? (
        <Notice tone="error">{cleanError(history.error)}</Notice>
      ) : (
        <ol className="edit-history">
          {versions.map((v, i) => {
            const time = <time dateTime={v.writtenAt}>{fullTimeLabel(v.writtenAt)}</time>
            return (
              <li key={i} className="edit-version">
                <p className="edit-version-time muted">
                  {v.now ? (
                    <Trans>Now, edited {time}</Trans>
                  ) : i === versions.length - 1 ? (
                    <Trans>Sent {time}</Trans>
                  ) : (
                    <Trans>Edited {time}</Trans>
                  )}
                </p>
                <MessageBody body={v.body} resolveMention={resolveMention} />
              </li>
            )
          })}
        </ol>
      )}
    </Dialog>
  )
}
