// The workspace menu's "Reports" (owners and admins; a lazy chunk): the open reports, one per
// reported message (its channel, author, text and files, who reported it, why and when; private
// channels included, only the reported message shown), each dismissed or its message removed;
// and People, where a member is suspended or their suspension lifted (an admin suspends members,
// an owner admins too; owners are never suspended).
import { i18n } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { bodyAsText } from '../../../lib/message-tokens.ts'
import type { NameOf } from '../../../lib/message-tokens.ts'
import { namesFrom } from '../../../../../supabase/functions/_shared/body-line.ts'
import type { Member } from '../../workspaces/index.ts'
import {
  REASONS,
  useOpenReports,
  useResolve,
  useSuspend,
  useSuspendedMembers,
} from '../data/moderation.ts'
import type { OpenReport, ReportEntry } from '../data/moderation.ts'
import './moderation.css'

export interface Props {
  workspaceId: string
  me: string
  isOwner: boolean
  members: Member[]
  open: boolean
  onClose: () => void
}

const reasonLabel = (id: string) => {
  const reason = REASONS.find((r) => r.id === id)
  return reason ? i18n._(reason.label) : id
}

/** One report of the message: who, why, their note if any, and when. */
function entryLine(e: ReportEntry): string {
  const who = e.reporter_name ?? t`Someone`
  const reason = reasonLabel(e.reason)
  const at = fullTimeLabel(e.created_at)
  const note = e.note
  return note ? t`${who}: ${reason} — ${note} (${at})` : t`${who}: ${reason} (${at})`
}

export default function ReportsDialog({ workspaceId, me, isOwner, members, open, onClose }: Props) {
  const reports = useOpenReports(workspaceId)
  const resolve = useResolve(workspaceId)
  // The reported messages' mentions, as the members' names.
  const nameOf = useMemo(
    () => namesFrom(new Map(members.map((m) => [m.userId, m.displayName])), t`someone`),
    [members]
  )
  return (
    <Dialog title={t`Reports`} open={open} onClose={onClose} wide>
      <section aria-label={t`Open reports`} className="stack">
        {reports.error && <Notice tone="error">{cleanError(reports.error)}</Notice>}
        {resolve.error && <Notice tone="error">{cleanError(resolve.error)}</Notice>}
        {reports.isPending && <p className="muted">{t`Loading the reports…`}</p>}
        {reports.data?.length === 0 && <p className="muted">{t`No open reports.`}</p>}
        <ul className="report-list">
          {reports.data?.map((r) => (
            <ReportItem
              key={r.message_id}
              report={r}
              nameOf={nameOf}
              busy={resolve.isPending}
              onResolve={(action) => resolve.mutate({ messageId: r.message_id, action })}
            />
          ))}
        </ul>
      </section>
      <People workspaceId={workspaceId} me={me} isOwner={isOwner} members={members} />
    </Dialog>
  )
}

function ReportItem(props: {
  report: OpenReport
  nameOf: NameOf
  busy: boolean
  onResolve: (action: 'dismiss' | 'remove') => void
}) {
  const { report: r, nameOf, busy, onResolve } = props
  const entries = r.reports as unknown as ReportEntry[]
  const files = r.files as unknown as { name: string }[]
  const author = r.author_name ?? t`someone`
  const names = files.map((f) => f.name).join(', ')
  return (
    <li className="report-item stack" aria-label={t`Report of a message by ${author}`}>
      <div className="report-meta">
        {r.channel_kind === 'dm' ? t`A direct message` : `#${r.channel_name}`} ·{' '}
        {r.author_name ?? t`Deleted account`} · {fullTimeLabel(r.message_created_at)}
      </div>
      <blockquote className="report-quote">{bodyAsText(r.body, nameOf)}</blockquote>
      {files.length > 0 && <div className="report-meta">{t`Files: ${names}`}</div>}
      <ul className="report-meta">
        {entries.map((e, i) => (
          <li key={i}>{entryLine(e)}</li>
        ))}
      </ul>
      <div className="report-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => onResolve('dismiss')}
        >
          {t`Dismiss`}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => onResolve('remove')}
        >
          {t`Remove message`}
        </button>
      </div>
    </li>
  )
}

function People(props: { workspaceId: string; me: string; isOwner: boolean; members: Member[] }) {
  const { workspaceId, me, isOwner, members } = props
  const suspended = useSuspendedMembers(workspaceId)
  const suspend = useSuspend(workspaceId)
  const people = members.filter(
    (m) => m.userId !== me && m.role !== 'owner' && (isOwner || m.role === 'member')
  )
  return (
    <section aria-label={t`People`} className="stack">
      <h3>{t`People`}</h3>
      <p className="muted">
        {t`A suspended person can read and write nothing here until the suspension is lifted; their channels, settings and messages stay as they were.`}
      </p>
      {suspend.error && <Notice tone="error">{cleanError(suspend.error)}</Notice>}
      <ul className="suspend-list">
        {people.map((m) => {
          const since = suspended.data?.get(m.userId)
          const name = m.displayName
          return (
            <li key={m.userId} className="suspend-item">
              <span>
                {m.displayName}
                {since && <span className="report-meta"> · {t`suspended`}</span>}
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={suspend.isPending || suspended.isPending}
                onClick={() => suspend.mutate({ userId: m.userId, suspend: !since })}
                aria-label={since ? t`Lift the suspension of ${name}` : t`Suspend ${name}`}
              >
                {since ? t`Lift suspension` : t`Suspend`}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
