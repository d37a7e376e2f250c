// A credential in a list (a bot's token, a webhook's URL, a slash command's signing secret): its
// name, then who made it and when and when it was last used, "revoked" once it is; while it lives,
// Regenerate (the old one stops at once; the caller shows the new one with ShownOnce) and Revoke
// (for good), each asked first with ui/ConfirmDialog. What a kind adds (a bot's channels, a
// command's URL, their own actions) comes in as children and actions.
import { t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { dateTimeLabel } from '../lib/date-formats.ts'
import { confirmed } from './layers.ts'
import './credential-row.css'

/** An action asked first: the button's label and the question's title, and the question. */
export interface AskedAction {
  label: string
  question: string
  onConfirm: () => void
}

interface Props {
  /** The row's accessible name. */
  name: string
  /** The first line (default: the name in bold). */
  title?: ReactNode
  /** Who made it; null: someone no longer a member. */
  createdBy: string | null
  createdAt: string
  lastUsedAt: string | null
  revokedAt: string | null
  /** A change is on its way: the actions wait. */
  busy: boolean
  /** Lines under who made it (a command's URL, a bot's channels). */
  children?: ReactNode
  /** The kind's own actions, before Regenerate and Revoke; shown while it lives. */
  actions?: ReactNode
  /** Hides the actions (while the row edits something of its own). */
  editing?: boolean
  regenerate?: AskedAction
  /** The title says what goes ("Revoke bot"); the button says Revoke. */
  revoke: AskedAction
}

const ask = (action: AskedAction, confirm: string) =>
  void confirmed({ title: action.label, body: action.question, confirm, danger: true }).then(
    (ok) => ok && action.onConfirm()
  )

export function CredentialRow(props: Props) {
  const { name, busy, regenerate, revoke } = props
  const creator = props.createdBy
  const created = dateTimeLabel(props.createdAt)
  const lastUsed = props.lastUsedAt ? dateTimeLabel(props.lastUsedAt) : null
  return (
    <li className="credential-row" aria-label={name}>
      <div>
        {props.title ?? (
          <strong>
            <bdi>{name}</bdi>
          </strong>
        )}
        {props.revokedAt && <span className="muted"> · {t`revoked`}</span>}
      </div>
      <div className="muted">
        {creator !== null ? (
          <Trans>
            Created by <bdi>{creator}</bdi> on {created}
          </Trans>
        ) : (
          t`Created by a former member on ${created}`
        )}{' '}
        · {lastUsed ? t`last used ${lastUsed}` : t`never used`}
      </div>
      {props.children}
      {!props.revokedAt && !props.editing && (
        <div className="credential-actions">
          {props.actions}
          {regenerate && (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => ask(regenerate, t`Regenerate`)}
            >
              {regenerate.label}
            </button>
          )}
          <button
            type="button"
            className="link-button danger"
            disabled={busy}
            onClick={() => ask(revoke, t`Revoke`)}
          >
            {t`Revoke`}
          </button>
        </div>
      )}
    </li>
  )
}
