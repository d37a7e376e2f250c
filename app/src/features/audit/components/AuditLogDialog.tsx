// Settings, Audit log (workspace owners only; a lazy chunk): every administrative action with who,
// what, when and from where, newest first, 50 at a time; filtered by kind of action, person and
// dates; exported as CSV with the same filters. Nothing here can change the log: nothing can.
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import type { Member } from '../../workspaces/index.ts'
import { NO_FILTERS, exportCsv, useAuditLog } from '../data/audit-log.ts'
import type { AuditEntry, AuditFilters } from '../data/audit-log.ts'
import { ACTION_GROUPS, describeEntry } from '../data/describe.ts'
import type { ActionGroup } from '../data/describe.ts'
import './audit-log.css'

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
    <Dialog title="Audit log" open={open} onClose={onClose} wide>
      <p className="muted">
        Every administrative action in {workspaceName}, with who did it, when and from where. Only
        owners see it, and no one can change or delete it.
      </p>
      <form
        className="audit-filters"
        aria-label="Filter the audit log"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="field">
          <span>Kind</span>
          <select
            value={filters.group ?? ''}
            onChange={(e) => set({ group: (e.target.value || null) as ActionGroup | null })}
          >
            <option value="">All actions</option>
            {ACTION_GROUPS.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Person</span>
          <select
            value={filters.actorId ?? ''}
            onChange={(e) => set({ actorId: e.target.value || null })}
          >
            <option value="">Anyone</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <button type="button" className="button" onClick={download} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </form>
      {exportError != null && <Notice tone="error">{cleanError(exportError)}</Notice>}
      {log.error && <Notice tone="error">{cleanError(log.error)}</Notice>}
      {log.isPending && <p className="muted">Loading the log…</p>}
      {log.isSuccess && entries.length === 0 && (
        <p className="muted">
          Nothing recorded{filters === NO_FILTERS ? ' yet' : ' that matches'}.
        </p>
      )}
      {entries.length > 0 && (
        <table className="audit-table" aria-label="Audit log entries">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">From</th>
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
          {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
        </button>
      )}
    </Dialog>
  )
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const who = entry.actorRole === 'system' ? 'Chorus' : (entry.actorName ?? 'A deleted account')
  return (
    <tr data-action={entry.action}>
      <td>
        <time dateTime={entry.occurredAt}>{fullTimeLabel(entry.occurredAt)}</time>
      </td>
      <td>
        {who}
        {entry.actorRole !== 'system' && <span className="audit-role"> {entry.actorRole}</span>}
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
