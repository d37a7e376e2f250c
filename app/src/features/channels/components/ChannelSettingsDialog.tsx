// A channel's settings (a direct message's: its topic): name and topic, what the caller adds
// (`details`), archiving and leaving.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { navigate } from '../../../lib/router.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { confirmLeave, showLeft, showToast } from '../../../ui/layers.ts'
import { useChannelMutations } from '../data/channel-mutations.ts'
import { validateChannelName } from '../data/types.ts'
import type { Channel } from '../data/types.ts'
import type { Base } from './ChannelDialogs.tsx'

export function ChannelSettingsDialog({
  workspaceId,
  open,
  onClose,
  channel,
  details,
}: Base & { channel: Channel; details?: ReactNode }) {
  const [name, setName] = useState(channel.name ?? '')
  const [topic, setTopic] = useState(channel.topic ?? '')
  const { update, archive, leave, join } = useChannelMutations(workspaceId)
  const error = update.error ?? archive.error ?? leave.error
  const isDm = channel.kind === 'dm'
  const channelName = channel.name ?? ''
  return (
    <Dialog
      title={isDm ? t`Conversation settings` : t`#${channelName} settings`}
      open={open}
      onClose={onClose}
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          update.mutate(
            {
              channelId: channel.id,
              name: isDm || name === channel.name ? undefined : name,
              topic,
            },
            { onSuccess: onClose }
          )
        }}
      >
        {!isDm && (
          <Field
            label={t`Name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={validateChannelName(name)}
            disabled={channel.isDefault}
            hint={channel.isDefault ? t`The default channel keeps its name.` : undefined}
          />
        )}
        <Field
          label={t`Topic`}
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          maxLength={250}
        />
        {details}
        {error && <Notice tone="error">{cleanError(error)}</Notice>}
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {t`Save`}
          </button>
        </div>
        {!isDm && !channel.isDefault && (
          <div className="danger-zone">
            <button
              type="button"
              className="button"
              onClick={() =>
                archive.mutate(
                  { channelId: channel.id, archived: !channel.archivedAt },
                  { onSuccess: onClose }
                )
              }
            >
              {channel.archivedAt ? t`Unarchive channel` : t`Archive channel`}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={async () => {
                const isPublic = channel.kind === 'public'
                if (!(await confirmLeave(channelName, isPublic))) return
                // Awaited, not mutate's own callbacks: leaving takes the channel from my list
                // live, which may unmount this dialog before the answer (its callbacks then
                // never ran: the page stayed on "Channel not available").
                try {
                  await leave.mutateAsync(channel.id)
                } catch {
                  return // the dialog shows leave's error
                }
                onClose()
                navigate(`/w/${workspaceId}`)
                if (isPublic)
                  showLeft(
                    channelName,
                    () =>
                      void join.mutateAsync(channel.id).then(
                        () => navigate(`/w/${workspaceId}/c/${channel.id}`),
                        (e: unknown) => showToast({ tone: 'error', message: cleanError(e) })
                      )
                  )
              }}
            >
              {t`Leave channel`}
            </button>
          </div>
        )}
      </form>
    </Dialog>
  )
}
