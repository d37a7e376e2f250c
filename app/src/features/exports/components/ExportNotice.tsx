// The notice every member of a workspace gets when an owner changed what its exports hold
// (export_notice: a change this person has not seen yet), until they dismiss it. Its own lazy
// chunk, rendered once the first screen is shown.
import { t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { useDismissScopeNotice, useScopeNotice } from '../data/scope.ts'
import { noticeSentence } from '../data/words.ts'
import './exports.css'

export default function ExportNotice({
  workspaceId,
  workspaceName,
}: {
  workspaceId: string
  workspaceName: string
}) {
  const notice = useScopeNotice(workspaceId)
  const dismiss = useDismissScopeNotice(workspaceId)
  if (!notice.data?.unseen) return null
  return (
    <div className="export-notice notice notice-warning" role="status">
      <span>{noticeSentence(notice.data, workspaceName)}</span>
      <button
        type="button"
        className="button button-small"
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate()}
      >
        {t`Got it`}
      </button>
      {dismiss.error && <span role="alert">{cleanError(dismiss.error)}</span>}
    </div>
  )
}
