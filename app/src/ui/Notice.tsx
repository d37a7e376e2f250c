import { t } from '@lingui/core/macro'
import type { ReactNode } from 'react'

type Tone = 'info' | 'error' | 'success' | 'warning'

/** An inline message; errors are announced assertively, the rest politely. */
export function Notice({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

export function Spinner({ label = t`Loading` }: { label?: string }) {
  return (
    <span className="spinner" role="status" aria-label={label}>
      <span aria-hidden="true" />
    </span>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  )
}

export function ErrorState({
  title = t`Something went wrong`,
  detail,
  onRetry,
}: {
  title?: string
  detail: string
  onRetry?: () => void
}) {
  return (
    <div className="empty-state" role="alert">
      <h2>{title}</h2>
      <p className="muted">{detail}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t`Try again`}
        </button>
      )}
    </div>
  )
}
