// The composer's "Create a poll" button: opens the dialog for the box's channel, or its thread
// (the poll a reply there, also sent to the channel when the box says so); once it is posted,
// the box takes the focus back.
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import { lazyRetrying, Nothing } from '../../../lib/lazy.ts'
import { IconButton } from '../../../ui/IconButton.tsx'
import type { ComposerToolProps } from '../../../slots/composer.ts'
import type { CreatePollProps } from './CreatePollDialog.tsx'

// Its own loader of the dialog's chunk (index.ts is the slash commands' chunk of polls).
const CreatePollDialog = lazyRetrying<CreatePollProps>(
  () => import('./CreatePollDialog.tsx'),
  Nothing
)

export function PollTool({
  scope,
  channelName,
  threadId,
  alsoToChannel,
  inputRef,
}: ComposerToolProps) {
  const [open, setOpen] = useState(false)
  if (!scope) return null
  const close = () => {
    setOpen(false)
    inputRef.current?.focus()
  }
  return (
    <>
      <IconButton
        icon="chart-bar"
        size={18}
        label={t`Create a poll`}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <CreatePollDialog
            channelId={scope.channelId}
            channelName={channelName.startsWith('@') ? channelName : `#${channelName}`}
            threadId={threadId}
            alsoToChannel={alsoToChannel}
            onDone={close}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  )
}
