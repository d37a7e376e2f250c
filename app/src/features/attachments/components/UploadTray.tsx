import { t } from '@lingui/core/macro'
import { formatLocale } from '../../../lib/i18n.ts'
import { Icon } from '../../../ui/Icon.tsx'
import type { DraftUpload } from '../data/use-uploads.ts'
import { formatSize } from '../../../lib/sizes.ts'

export interface UploadTrayProps {
  uploads: DraftUpload[]
  onCancel: (id: string) => void
  onRetry: (id: string) => void
  onPause?: (id: string) => void
  onResume?: (id: string) => void
}

/** "40%", as the app's language writes it. */
function percentOf(fraction: number): string {
  return new Intl.NumberFormat(formatLocale(), { style: 'percent' }).format(
    Math.round(fraction * 100) / 100
  )
}

/** The files attached to the message being written, each with its progress and actions. */
export function UploadTray({ uploads, onCancel, onRetry, onPause, onResume }: UploadTrayProps) {
  if (uploads.length === 0) return null
  return (
    <ul className="upload-tray" aria-label={t`Attached files`}>
      {uploads.map((u) => {
        // Every byte sent, the server not done yet (it stores and checks the file): say so,
        // rather than a 100% that seems stuck.
        const finishing = u.state === 'uploading' && u.progress >= 1
        const name = u.name
        const percent = percentOf(u.progress)
        return (
          <li key={u.id} className={`upload upload-${u.state}`}>
            {u.previewUrl ? (
              <img src={u.previewUrl} alt="" className="upload-thumb" />
            ) : (
              <span className="upload-thumb file-icon" aria-hidden="true">
                <Icon name="file-text" size={20} />
              </span>
            )}
            <span className="upload-meta">
              <span className="file-name">{u.name}</span>
              <span className="muted">
                {u.state === 'failed'
                  ? u.error
                  : u.state === 'done'
                    ? formatSize(u.size)
                    : finishing
                      ? t`Finishing…`
                      : u.state === 'paused'
                        ? t`${percent} · paused`
                        : percent}
              </span>
              <progress
                value={finishing ? undefined : u.progress}
                max={1}
                aria-label={t`Upload of ${name}`}
                className={u.state === 'done' ? 'progress-done' : undefined}
              />
            </span>
            {u.resumable && u.state === 'uploading' && onPause && (
              <button type="button" className="button button-small" onClick={() => onPause(u.id)}>
                {t`Pause`}
              </button>
            )}
            {u.state === 'paused' && onResume && (
              <button type="button" className="button button-small" onClick={() => onResume(u.id)}>
                {t`Resume`}
              </button>
            )}
            {u.state === 'failed' && (
              <button type="button" className="button button-small" onClick={() => onRetry(u.id)}>
                {t`Retry`}
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={
                u.state === 'uploading' || u.state === 'paused'
                  ? t`Cancel upload of ${name}`
                  : t`Remove ${name}`
              }
              onClick={() => onCancel(u.id)}
            >
              <Icon name="x" size={16} />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
