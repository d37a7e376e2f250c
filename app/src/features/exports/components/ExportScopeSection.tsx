// Settings, Export: what a workspace export holds (the workspace's export_scope). Every member
// sees it, with who changed it last; owners choose it. Changing it tells every member (the
// ExportNotice banner) and is recorded in the audit log.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { dateLabel } from '../../../lib/date-formats.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { useScopeNotice, useSetExportScope } from '../data/scope.ts'
import { scopeSentence } from '../data/words.ts'
import type { ExportScope } from '../data/words.ts'

const CHOICES: readonly {
  value: ExportScope
  label: MessageDescriptor
  hint: MessageDescriptor
}[] = [
  {
    value: 'public',
    label: msg`Public channels only`,
    hint: msg`As Slack’s standard export. Private channels and direct messages stay out.`,
  },
  {
    value: 'all',
    label: msg`Everything`,
    hint: msg`Private channels and direct and group messages too. Every member is told.`,
  },
]

/** Who last changed the setting, and on which day. */
function changedSentence(changedAt: string, name: string | null): string {
  const date = dateLabel(changedAt)
  return name ? t`Last changed by ${name} on ${date}.` : t`Last changed by an owner on ${date}.`
}

export function ExportScopeSection({
  workspaceId,
  isOwner,
}: {
  workspaceId: string
  isOwner: boolean
}) {
  const notice = useScopeNotice(workspaceId)
  const set = useSetExportScope(workspaceId)
  const scope = notice.data?.scope
  return (
    <section className="export-section" aria-labelledby="export-scope">
      <h3 id="export-scope">{t`What a workspace export holds`}</h3>
      {scope && <p data-testid="export-scope">{scopeSentence(scope)}</p>}
      {notice.data?.changedAt && (
        <p className="muted">{changedSentence(notice.data.changedAt, notice.data.changedByName)}</p>
      )}
      {isOwner && scope && (
        <div role="radiogroup" aria-labelledby="export-scope" className="stack">
          {CHOICES.map((choice) => (
            <label key={choice.value} className="export-choice">
              <input
                type="radio"
                name="export-scope"
                value={choice.value}
                checked={(set.isPending ? set.variables : scope) === choice.value}
                disabled={set.isPending}
                onChange={() => set.mutate(choice.value)}
              />
              <span>
                <strong>{i18n._(choice.label)}</strong>
                <span className="muted"> {i18n._(choice.hint)}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {(notice.error ?? set.error) && (
        <Notice tone="error">{cleanError((notice.error ?? set.error)!)}</Notice>
      )}
    </section>
  )
}
