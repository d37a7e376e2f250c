// Analytics as the shell's dialog host opens it (a lazy chunk: feature.ts): the workspace's
// channels, busiest first, with their messages and the people who wrote them over the last 7,
// 30 or 90 days, and when the last message came.
import { plural, t } from '@lingui/core/macro'
import { Icon } from '../../ui/Icon.tsx'
import { useState } from 'react'
import { cleanError } from '../../lib/clean-error.ts'
import { dateTimeLabel, fullTimeLabel } from '../../lib/date-formats.ts'
import { formatLocale } from '../../lib/i18n.ts'
import type { WorkspaceDialogProps } from '../../slots/workspace.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { Notice, Spinner } from '../../ui/Notice.tsx'
import { Select } from '../../ui/Select.tsx'
import { PERIODS, useAnalytics } from './data/analytics.ts'
import type { Period } from './data/analytics.ts'
import './analytics.css'

export default function Analytics({ workspaceId, workspace, onClose }: WorkspaceDialogProps) {
  const [days, setDays] = useState<Period>(30)
  const analytics = useAnalytics(workspaceId, days)
  const rows = analytics.data ?? []
  const total = rows.reduce((sum, r) => sum + r.messages, 0)
  const messages = plural(total, { one: '# message', other: '# messages' })
  const number = new Intl.NumberFormat(formatLocale())
  const name = workspace?.name
  return (
    <Dialog title={t`Analytics`} open onClose={onClose} wide>
      <p className="muted">
        {name
          ? t`Messages in the channels of ${name} you can read, direct messages left out.`
          : t`Messages in the channels of this workspace you can read, direct messages left out.`}
      </p>
      <Select
        inline
        label={t`Period`}
        value={String(days)}
        onValueChange={(v) => setDays(Number(v) as Period)}
        options={PERIODS.map((period) => ({
          value: String(period),
          label: plural(period, { one: 'Last # day', other: 'Last # days' }),
        }))}
      />
      {analytics.error ? (
        <Notice tone="error">{cleanError(analytics.error)}</Notice>
      ) : analytics.isPending ? (
        <Spinner label={t`Loading analytics`} />
      ) : (
        // At 320 px the table may be wider than the dialog: it scrolls on its own, reachable by
        // the keyboard, and the dialog never sideways.
        <div
          className="table-scroll analytics-scroll"
          tabIndex={0}
          role="region"
          aria-label={t`Analytics`}
        >
          <table className="analytics">
            <caption>
              {plural(days, {
                one: `${messages} in the last day`,
                other: `${messages} in the last # days`,
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t`Channel`}</th>
                <th scope="col">{t`Messages`}</th>
                <th scope="col">{t`People who wrote`}</th>
                <th scope="col">{t`Last message`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.channelId}>
                  <th scope="row">
                    <span className="analytics-name" title={r.name ?? undefined} dir="auto">
                      {r.kind === 'private' ? <Icon name="lock" size={13} /> : '#'}
                      {r.kind === 'private' && ' '}
                      {r.name}
                    </span>
                  </th>
                  <td>{number.format(r.messages)}</td>
                  <td>{number.format(r.people)}</td>
                  <td title={r.lastMessageAt ? fullTimeLabel(r.lastMessageAt) : undefined}>
                    {r.lastMessageAt ? dateTimeLabel(r.lastMessageAt) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  )
}
