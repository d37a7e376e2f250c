// Analytics as the shell's dialog host opens it (a lazy chunk: feature.ts): the workspace's
// channels, busiest first, with their messages and the people who wrote them over the last 7,
// 30 or 90 days, and when the last message came.
import { useState } from 'react'
import { cleanError } from '../../lib/clean-error.ts'
import { fullTimeLabel } from '../../lib/date-formats.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { Notice, Spinner } from '../../ui/Notice.tsx'
import { PERIODS, useAnalytics } from './data/analytics.ts'
import type { Period } from './data/analytics.ts'
import './analytics.css'

export default function Analytics({ workspaceId, workspace, onClose }: WorkspaceDialogProps) {
  const [days, setDays] = useState<Period>(30)
  const analytics = useAnalytics(workspaceId, days)
  const rows = analytics.data ?? []
  const total = rows.reduce((sum, r) => sum + r.messages, 0)
  return (
    <Dialog title="Analytics" open onClose={onClose} wide>
      <p className="muted">
        Messages in the channels of {workspace?.name ?? 'this workspace'} you can read, direct
        messages left out.
      </p>
      <label>
        Period{' '}
        <select value={days} onChange={(e) => setDays(Number(e.target.value) as Period)}>
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              Last {p} days
            </option>
          ))}
        </select>
      </label>
      {analytics.error ? (
        <Notice tone="error">{cleanError(analytics.error)}</Notice>
      ) : analytics.isPending ? (
        <Spinner label="Loading analytics" />
      ) : (
        <table className="analytics">
          <caption>
            {total.toLocaleString()} {total === 1 ? 'message' : 'messages'} in the last {days} days
          </caption>
          <thead>
            <tr>
              <th scope="col">Channel</th>
              <th scope="col">Messages</th>
              <th scope="col">People who wrote</th>
              <th scope="col">Last message</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.channelId}>
                <th scope="row">
                  {r.kind === 'private' ? '🔒' : '#'}
                  {r.name}
                </th>
                <td>{r.messages.toLocaleString()}</td>
                <td>{r.people.toLocaleString()}</td>
                <td>{r.lastMessageAt ? fullTimeLabel(r.lastMessageAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  )
}
