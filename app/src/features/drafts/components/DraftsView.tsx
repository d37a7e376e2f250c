// The Drafts view: what I am writing in this workspace's channels and threads, on any of my
// devices, the last edited first, each as a card (where, when, the start of its text); opening one
// puts me in its box, with the text; deleting one (asked first) empties that box everywhere.
// Loaded only when the view is opened; live from my user topic (the Count keeps listening).
import { t } from '@lingui/core/macro'
import { useEffect } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cleanError } from '../../../lib/clean-error.ts'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { browserStore } from '../../../lib/local-store.ts'
import { recentLabel } from '../../../lib/recent-label.ts'
import { navigate } from '../../../lib/router.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { IconButton } from '../../../ui/IconButton.tsx'
import { confirmed } from '../../../ui/layers.ts'
import { ErrorState, Notice, Spinner } from '../../../ui/Notice.tsx'
import { ViewHeader } from '../../../ui/ViewHeader.tsx'
import type { SendMenuProps } from '../../../slots/composer.ts'
import type { ViewProps } from '../../../slots/view.ts'
import { useUserId } from '../../auth/index.ts'
import { channelLabel, useChannelsQuery } from '../../channels/index.ts'
import { boxKey, saveDraft, useDrafts } from '../data/drafts.ts'
import DraftSync from './DraftSync.tsx'
import type { Draft } from '../data/drafts.ts'
import { textHash, wantFocus, writeSync } from '../data/local-sync.ts'
import { savePending } from '../data/pending.ts'

export { default as Count } from './DraftsCount.tsx'

/**
 * The view; given a composer's props, the box's sync (DraftSync) instead. The composer's part is
 * this chunk (composer-part.ts), and the cards' styles are ui/view.css's: on the first screen,
 * one file name and one loader for both.
 */
export default function Drafts(props: ViewProps | SendMenuProps) {
  return 'body' in props ? <DraftSync {...props} /> : <DraftsView {...props} />
}

function DraftsView({ workspaceId, onShowChannels, parts }: ViewProps) {
  const me = useUserId()
  const queryClient = useQueryClient()
  const drafts = useDrafts(workspaceId)
  const channels = useChannelsQuery(workspaceId)
  const remove = useMutation({
    mutationFn: (draft: Draft) => {
      const box = boxKey(draft.channelId, draft.parentId)
      const now = Date.now()
      // This device's copy goes too, so that the box opens empty here at once.
      browserStore().removeItem(`chorus.draft.v1.${box}`)
      writeSync(box, { editedAt: now, pending: false, hash: textHash('') })
      return saveDraft(queryClient, { ...draft, body: '', editedAt: now })
    },
  })
  // This device's edits its page left unsaved are listed too, once saved (on a phone the
  // sidebar's count, which saves them too, is not drawn until its drawer opens).
  useEffect(() => void savePending(queryClient), [queryClient])
  const list = (drafts.data ?? []).filter((d) => d.body.trim() !== '')
  const whereOf = (draft: Draft) => {
    const channel = channels.data?.find((c) => c.id === draft.channelId)
    const name = !channel
      ? t`A channel`
      : channel.kind === 'dm'
        ? channelLabel(channel, me)
        : `#${channelLabel(channel, me)}`
    return draft.parentId ? t`Thread in ${name}` : name
  }
  const open = (draft: Draft) => {
    wantFocus(boxKey(draft.channelId, draft.parentId))
    const thread = draft.parentId ? `/t/${draft.parentId}` : ''
    navigate(`/w/${workspaceId}/c/${draft.channelId}${thread}`)
  }
  return (
    <section className="workspace-view drafts-view" aria-label={t`Drafts`}>
      <ViewHeader icon="pencil" title={t`Drafts`} onShowChannels={onShowChannels} parts={parts} />
      {remove.isError && <Notice tone="error">{cleanError(remove.error)}</Notice>}
      {drafts.isPending ? (
        <Spinner label={t`Loading drafts`} />
      ) : drafts.isError ? (
        <ErrorState
          title={t`Your drafts could not be loaded.`}
          detail={cleanError(drafts.error)}
          onRetry={() => void drafts.refetch()}
        />
      ) : list.length === 0 ? (
        <div className="empty-state view-empty">
          <span className="view-empty-icon" aria-hidden="true">
            <Icon name="pencil" size={28} />
          </span>
          <h3>{t`No drafts`}</h3>
          <p className="muted">
            {t`What you start writing in a channel or thread is kept here, on all your devices, until you send it.`}
          </p>
        </div>
      ) : (
        <ul className="drafts-list">
          {list.map((draft) => {
            const where = whereOf(draft)
            return (
              <li key={draft.id}>
                <article
                  className="drafts-card"
                  aria-label={t`Draft in ${where}`}
                  aria-busy={(remove.isPending && remove.variables.id === draft.id) || undefined}
                >
                  <button type="button" className="drafts-open" onClick={() => open(draft)}>
                    <span className="drafts-meta">
                      <Icon name={draft.parentId ? 'message-square-reply' : 'pencil'} size={14} />
                      <span className="drafts-where" dir="auto">
                        {where}
                      </span>
                      <time
                        className="drafts-time"
                        dateTime={draft.editedAt}
                        title={fullTimeLabel(draft.editedAt)}
                      >
                        {recentLabel(draft.editedAt)}
                      </time>
                    </span>
                    <span className="drafts-text" dir="auto">
                      {draft.body}
                    </span>
                  </button>
                  <div className="drafts-actions" role="group" aria-label={t`Actions`}>
                    <IconButton
                      icon="trash-2"
                      label={t`Delete draft`}
                      onClick={() =>
                        void confirmed({
                          title: t`Delete draft`,
                          body: t`Its text is deleted from this box on all your devices.`,
                          confirm: t`Delete draft`,
                          danger: true,
                        }).then((yes) => yes && remove.mutate(draft))
                      }
                    />
                  </div>
                </article>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
