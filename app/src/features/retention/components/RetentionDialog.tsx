// Settings, Retention (workspace owners; a lazy chunk opened from the workspace menu): how long
// the workspace keeps messages and files, each channel's own choice over it, and what deleting
// an account does with the person's messages. Each choice says what will be deleted and when;
// shortening one asks first. The hourly job does the deleting (supabase/migrations/*_retention*).
import { i18n } from '@lingui/core'
import { plural, t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { confirmed } from '../../../ui/layers.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useRetention, useRetentionChanges } from '../data/retention.ts'
import {
  DELETED_ACCOUNT_CHOICES,
  byPeriod,
  deletedAfter,
  effectiveDays,
  retentionSentence,
} from '../data/words.ts'
import { KeepPicker } from './KeepPicker.tsx'
import './retention.css'

export interface RetentionChannel {
  id: string
  name: string | null
  kind: string
}

export interface Props {
  workspaceId: string
  workspaceName: string
  /** The channels to offer a choice of their own (DMs follow the workspace). */
  channels: readonly RetentionChannel[]
  open: boolean
  onClose: () => void
}

/** The question before deleting sooner: in one channel, or (null) in those following the
 * workspace. */
function deleteQuestion(days: number, channel: string | null): string {
  if (channel)
    return byPeriod(
      days,
      (years) =>
        plural(years, {
          one: `Delete messages and files in ${channel} older than # year? The next hourly run deletes them, and they cannot be brought back.`,
          other: `Delete messages and files in ${channel} older than # years? The next hourly run deletes them, and they cannot be brought back.`,
        }),
      (days) =>
        plural(days, {
          one: `Delete messages and files in ${channel} older than # day? The next hourly run deletes them, and they cannot be brought back.`,
          other: `Delete messages and files in ${channel} older than # days? The next hourly run deletes them, and they cannot be brought back.`,
        })
    )
  return byPeriod(
    days,
    (years) =>
      plural(years, {
        one: 'Delete messages and files older than # year in every channel that follows the workspace? The next hourly run deletes them, and they cannot be brought back.',
        other:
          'Delete messages and files older than # years in every channel that follows the workspace? The next hourly run deletes them, and they cannot be brought back.',
      }),
    (days) =>
      plural(days, {
        one: 'Delete messages and files older than # day in every channel that follows the workspace? The next hourly run deletes them, and they cannot be brought back.',
        other:
          'Delete messages and files older than # days in every channel that follows the workspace? The next hourly run deletes them, and they cannot be brought back.',
      })
  )
}

/** Asks before a choice that deletes sooner than before. */
const confirmShorter = async (
  days: number | null,
  before: number | null,
  channel: string | null
): Promise<boolean> =>
  days === null ||
  (before !== null && days >= before) ||
  confirmed({
    title: t`Delete older messages`,
    body: deleteQuestion(days, channel),
    confirm: t`Delete`,
    danger: true,
  })

export default function RetentionDialog(props: Props) {
  const { workspaceId, workspaceName, open, onClose } = props
  const retention = useRetention(workspaceId)
  const change = useRetentionChanges(workspaceId)
  const data = retention.data
  const busy = change.workspace.isPending || change.channel.isPending
  const error = retention.error ?? change.workspace.error ?? change.channel.error
  const channels = props.channels
    .filter((c) => c.kind !== 'dm')
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''))

  return (
    <Dialog title={t`Retention`} open={open} onClose={onClose} wide>
      <p className="muted">
        {t`How long ${workspaceName} keeps messages and files. Only owners change it; every change is in the audit log, and so is each run that deletes something.`}
      </p>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {!data ? (
        !error && <p className="muted">{t`Loading…`}</p>
      ) : (
        <>
          <section className="retention-section" aria-labelledby="retention-workspace">
            <h3 id="retention-workspace">{t`Whole workspace`}</h3>
            <KeepPicker
              key={`workspace-${data.keepDays}`}
              label={t`Keep messages in the workspace`}
              value={data.keepDays}
              disabled={busy}
              onChange={(days) => {
                if (days === 'workspace') return
                void confirmShorter(days, data.keepDays, null).then(
                  (ok) => ok && change.workspace.mutate({ keepDays: days })
                )
              }}
            />
            <p className="retention-sentence">{retentionSentence(data.keepDays)}</p>
          </section>

          <section className="retention-section" aria-labelledby="retention-channels">
            <h3 id="retention-channels">{t`Channels`}</h3>
            <p className="muted">
              {t`A channel’s own choice comes before the workspace’s (for example 90 days for #random, forever for #decisions). Direct messages follow the workspace.`}
            </p>
            <ul className="retention-channels">
              {channels.map((c) => {
                const own = data.channels.get(c.id)
                const days = effectiveDays(data.keepDays, own)
                const name = c.name ?? ''
                return (
                  <li key={c.id}>
                    <span className="retention-channel-name">#{c.name}</span>
                    <KeepPicker
                      key={`${c.id}-${own ? String(own.keepDays) : 'workspace'}`}
                      label={t`Keep messages in #${name}`}
                      value={own ? own.keepDays : 'workspace'}
                      workspaceDays={data.keepDays}
                      disabled={busy}
                      onChange={(value) => {
                        const next = value === 'workspace' ? data.keepDays : value
                        void confirmShorter(next, days, `#${name}`).then(
                          (ok) => ok && change.channel.mutate({ channelId: c.id, keepDays: value })
                        )
                      }}
                    />
                    <span className="muted retention-channel-now">
                      {days === null ? t`Kept forever` : deletedAfter(days)}
                    </span>
                  </li>
                )
              })}
            </ul>
          </section>

          <section className="retention-section" aria-labelledby="retention-accounts">
            <h3 id="retention-accounts">{t`When an account is deleted`}</h3>
            <div role="radiogroup" aria-labelledby="retention-accounts" className="stack">
              {DELETED_ACCOUNT_CHOICES.map((choice) => (
                <label key={choice.value} className="retention-choice">
                  <input
                    type="radio"
                    name="deleted-accounts"
                    value={choice.value}
                    checked={data.deletedAccounts === choice.value}
                    disabled={busy}
                    onChange={() =>
                      change.workspace.mutate({
                        keepDays: data.keepDays,
                        deletedAccounts: choice.value,
                      })
                    }
                  />
                  <span>
                    <strong>{i18n._(choice.label)}</strong>
                    <span className="muted"> {i18n._(choice.hint)}</span>
                  </span>
                </label>
              ))}
            </div>
          </section>
        </>
      )}
    </Dialog>
  )
}
