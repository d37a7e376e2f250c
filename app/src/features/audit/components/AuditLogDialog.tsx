// Settings, Audit log (workspace owners only; a lazy chunk): every administrative action with who,
// what, when and from where, newest first, 50 at a time; filtered by kind of action, person and
// dates; exported as CSV with the same filters. Nothing here can change the log: nothing can.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { DateField } from '../../../ui/DateField.tsx'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { dateTimeLabel, fullTimeLabel } from '../../../lib/date-formats.ts'
import type { Member } from '../../workspaces/index.ts'
import { NO_FILTERS, exportCsv, useAuditLog } from '../data/audit-log.ts'
import type { AuditEntry, AuditFilters } from '../data/audit-log.ts'
import { ACTION_GROUPS, describeEntry } from '../data/describe.ts'
import type { ActionGroup } from '../data/describe.ts'
import './audit-log.css'

/** A filter's "any" (Radix's Select takes no empty value). */
const ANY = '*'

export interface Props {
  workspaceId: string
  workspaceName: string
  members: Member[]
  open: boolean
  onClose: () => void
}

export default function AuditLogDialog(props: Props) {
  const { workspaceId, workspaceName, members, open, onClose } = props
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  const log = useAuditLog(workspaceId, filters)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<unknown>(null)
  const entries = log.data?.pages.flat() ?? []
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...patch }))

  const download = () => {
    setExporting(true)
    setExportError(null)
    exportCsv(workspaceId, filters)
      .then((csv) => {
        const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
        const link = document.createElement('a')
        link.href = url
        link.download = `audit-log-${slugOf(workspaceName)}-${new Date().toISOString().slice(0, 10)}.csv`
        link.click()
        window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
      })
      .catch(setExportError)
      .finally(() => setExporting(false))
  }

  return (
    <Dialog title={t`Audit log`} open={open} onClose={onClose} wide>
      <p className="muted">
        <Trans>
          Every administrative action in {workspaceName}, with who did it, when and from where. Only
          owners see it, and no one can change or delete it.
        </Trans>
      </p>
      <form
        className="audit-filters"
        aria-label={t`Filter the audit log`}
        onSubmit={(e) => e.preventDefault()}
      >
        <Select
          label={t`Kind`}
          value={filters.group ?? ANY}
          options={[
            { value: ANY, label: t`All actions` },
            ...ACTION_GROUPS.map((g) => ({ value: g.id, label: i18n._(g.label) })),
          ]}
          onValueChange={(v) => set({ group: v === ANY ? null : (v as ActionGroup) })}
        />
        <Select
          label={t`Person`}
          value={filters.actorId ?? ANY}
          options={[
            { value: ANY, label: t`Anyone` },
            ...members.map((m) => ({ value: m.userId, label: m.displayName })),
          ]}
          onValueChange={(v) => set({ actorId: v === ANY ? null : v })}
        />
        <DateField
          label={t`From`}
          clearable
          placeholder={t`Any date`}
          max={filters.to || undefined}
          value={filters.from}
          onChange={(from) => set({ from })}
        />
        <DateField
          label={t`To`}
          clearable
          placeholder={t`Any date`}
          min={filters.from || undefined}
          value={filters.to}
          onChange={(to) => set({ to })}
        />
        <button type="button" className="button" onClick={download} disabled={exporting}>
          {exporting ? t`Exporting…` : t`Export CSV`}
        </button>
      </form>
      {exportError != null && <Notice tone="error">{cleanError(exportError)}</Notice>}
      {log.error && <Notice tone="error">{cleanError(log.error)}</Notice>}
      {log.isPending && <p className="muted">{t`Loading the log…`}</p>}
      {log.isSuccess && entries.length === 0 && (
        <p className="muted">
          {filters === NO_FILTERS ? t`Nothing recorded yet.` : t`Nothing recorded that matches.`}
        </p>
      )}
      {entries.length > 0 && (
        <table className="audit-table" aria-label={t`Audit log entries`}>
          <thead>
            <tr>
              <th scope="col">{t`When`}</th>
              <th scope="col">{t`Who`}</th>
              <th scope="col">{t`What`}</th>
              <th scope="col">{t`Where`}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage && (
        <button
          type="button"
          className="button"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? t`Loading…` : t`Show older entries`}
        </button>
      )}
    </Dialog>
  )
}

/** The actor's role when they acted, in words (a role a newer server adds shows as it is). */
const ROLES: Partial<Record<string, MessageDescriptor>> = {
  owner: msg`owner`,
  admin: msg`admin`,
  member: msg`member`,
  guest: msg`guest`,
  former: msg`former member`,
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the product's name, in every language
  const who = entry.actorRole === 'system' ? 'Chorus' : (entry.actorName ?? t`A deleted account`)
  const role = ROLES[entry.actorRole]
  return (
    <tr data-action={entry.action}>
      <td>
        <time dateTime={entry.occurredAt} title={fullTimeLabel(entry.occurredAt)}>
          {dateTimeLabel(entry.occurredAt)}
        </time>
      </td>
      <td>
        {who}
        {entry.actorRole !== 'system' && (
          <span className="audit-role"> {role ? i18n._(role) : entry.actorRole}</span>
        )}
      </td>
      <td>{describeEntry(entry)}</td>
      <td title={entry.userAgent ?? undefined}>{entry.ip ?? '—'}</td>
    </tr>
  )
}

function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'workspace'
  )
}
