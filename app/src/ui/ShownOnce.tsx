// A secret shown once (a webhook URL, a bot token, a signing secret): what it is, the value in a
// read-only field that selects itself, an optional Copy button, and Done, which hides it for good.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { Notice } from './Notice.tsx'

interface Props {
  /** The field's accessible name ("Webhook URL", "Bot token", "Signing secret"). */
  label: string
  value: string
  /** What to do with it, above the field. */
  children: ReactNode
  copy?: boolean
  onDone: () => void
  /** Said under the field (a verification's outcome). */
  after?: ReactNode
}

export function ShownOnce({ label, value, children, copy = false, onDone, after }: Props) {
  const [copied, setCopied] = useState(false)
  return (
    <Notice tone="success">
      {children}
      <div className="copy-row">
        <input readOnly value={value} aria-label={label} onFocus={(e) => e.target.select()} />
        {copy && (
          <button
            type="button"
            className="button"
            onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
          >
            {copied ? t`Copied` : t`Copy`}
          </button>
        )}
        <button type="button" className="link-button" onClick={onDone}>
          {t`Done`}
        </button>
      </div>
      {after}
    </Notice>
  )
}
