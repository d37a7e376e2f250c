// Settings, Import from Slack (workspace owners; a lazy chunk opened from the workspace menu, or
// right after creating a workspace): choose Slack's export zip, watch it upload (resumably) and
// import (live, in the background), cancel it, and read what could not be imported.
import { plural, t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { FileButton } from '../../../ui/FileButton.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import {
  isActive,
  useCancelImport,
  useImportInvitees,
  useImports,
  useInviteImportPeople,
  useStartImport,
} from '../data/imports.ts'
import type { ImportRow, UploadProgress } from '../data/imports.ts'
import {
  importFraction,
  importSentence,
  itemPlace,
  reportItems,
  reportSentence,
} from '../data/words.ts'
import './imports.css'
import { confirmed } from '../../../ui/layers.ts'

export interface Props {
  workspaceId: string
  workspaceName: string
  /** The owner looking (their live topic carries the imports' changes). */
  me: string
  /** An import has just finished (the caller reads the channels and people again). */
  onDone?: () => void
  open: boolean
  onClose: () => void
}

const when = dateTimeLabel

const percent = (fraction: number) =>
  new Intl.NumberFormat(formatLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(
    fraction
  )

/** "Uploading: 25%". */
function uploading(fraction: number): string {
  const progress = percent(fraction)
  return t`Uploading: ${progress}`
}

export default function ImportDialog(props: Props) {
  const { workspaceId, workspaceName, me, open, onClose } = props
  const imports = useImports(workspaceId, me, props.onDone)
  const [file, setFile] = useState<File | null>(null)
  const [upload, setUpload] = useState<UploadProgress | null>(null)
  const start = useStartImport(workspaceId, setUpload)
  const cancel = useCancelImport(workspaceId)
  const running = imports.data?.some(isActive) ?? false
  const error = imports.error ?? start.error ?? cancel.error

  function submit(event: FormEvent) {
    event.preventDefault()
    if (file) start.mutate({ file }, { onSuccess: () => setFile(null) })
  }

  return (
    <Dialog title={t`Import from Slack`} open={open} onClose={onClose} wide>
      <p className="muted">
        {t`Bring your team’s Slack history into ${workspaceName}. In Slack, an owner exports the workspace (Workspace settings → Import/Export data → Export) and downloads the zip: choose it here. Each person comes in as an imported member with their Slack name, and their messages are that imported member’s: no Chorus account is added or speaks for them, and nobody is emailed. When the import is done you may email them invitations; whoever accepts one with that address takes over their imported history. Importing the same export again adds only what is new. The import goes on in the background when you close this window.`}
      </p>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      <form className="import-form" onSubmit={submit}>
        <div className="import-file">
          <span>{t`Slack export (.zip)`}</span>
          <FileButton
            label={t`Choose a .zip file…`}
            changeLabel={t`Choose another file…`}
            accept=".zip,application/zip"
            file={file}
            clearable
            disabled={start.isPending}
            onChange={setFile}
          />
        </div>
        <button
          type="submit"
          className="button button-primary"
          disabled={!file || start.isPending || running}
        >
          {start.isPending ? (upload ? t`Uploading…` : t`Starting…`) : t`Import`}
        </button>
        {running && !start.isPending && (
          <p className="muted import-wait">
            {t`One import at a time: this one waits until the last ends.`}
          </p>
        )}
      </form>
      {upload && (
        <div className="import-upload">
          <progress max={1} value={upload.fraction} aria-label={t`Upload of the export`} />
          <span>{upload.paused ? t`Waiting for the network…` : uploading(upload.fraction)}</span>
        </div>
      )}
      <section aria-labelledby="imports-list">
        <h3 id="imports-list" className="import-heading">
          {t`Imports`}
        </h3>
        {!imports.data ? (
          !imports.error && <p className="muted">{t`Loading…`}</p>
        ) : imports.data.length === 0 ? (
          <p className="muted">{t`Nothing imported yet.`}</p>
        ) : (
          <ul className="import-list">
            {imports.data.map((row) => (
              <ImportItem
                key={row.id}
                row={row}
                cancelling={cancel.isPending && cancel.variables === row.id}
                onCancel={() =>
                  void confirmed({
                    title: t`Cancel import`,
                    body: t`Cancel this import? What it has imported so far is removed.`,
                    confirm: t`Cancel import`,
                    danger: true,
                  }).then((ok) => ok && cancel.mutate(row.id))
                }
              />
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  )
}

function ImportItem(props: { row: ImportRow; cancelling: boolean; onCancel: () => void }) {
  const { row } = props
  const fraction = importFraction(row)
  const report = reportItems(row.report)
  const started = when(row.created_at)
  const failed = report.length
  const more = failed - 200
  return (
    <li className="import-item" aria-label={t`Import started ${started}`}>
      <div className="import-item-head">
        <span className="import-when">{t`Started ${started}`}</span>
        {isActive(row) && (
          <button
            type="button"
            className="button"
            disabled={props.cancelling}
            onClick={props.onCancel}
          >
            {props.cancelling ? t`Cancelling…` : t`Cancel`}
          </button>
        )}
      </div>
      <p className="import-state" role="status">
        {importSentence(row)}
      </p>
      {fraction !== null && <progress max={1} value={fraction} aria-label={t`Import progress`} />}
      {row.status === 'done' && <ImportInvitees importId={row.id} />}
      {report.length > 0 && (
        <details className="import-report">
          <summary>
            {plural(failed, {
              one: '# item could not be imported',
              other: '# items could not be imported',
            })}
          </summary>
          <ul>
            {report.slice(0, 200).map((item, i) => (
              <li key={i}>
                <code>{itemPlace(item)}</code>: {reportSentence(item)}
              </li>
            ))}
            {more > 0 && <li>{plural(more, { one: '…and # more.', other: '…and # more.' })}</li>}
          </ul>
        </details>
      )}
    </li>
  )
}

/** A finished import's people who have no invitation yet (to claim their imported history): how
 *  many, and one button for all. */
function ImportInvitees(props: { importId: string }) {
  const invitees = useImportInvitees(props.importId, true)
  const invite = useInviteImportPeople(props.importId)
  const count = invitees.data?.length ?? 0
  if (count === 0 && !invite.error) return null
  return (
    <div className="import-invitees">
      {count > 0 && (
        <p>
          {plural(count, {
            one: '# person from this import has no invitation yet to take over their history.',
            other: '# people from this import have no invitation yet to take over their history.',
          })}{' '}
          <button
            type="button"
            className="button"
            disabled={invite.isPending}
            onClick={() => invite.mutate()}
          >
            {invite.isPending
              ? t`Inviting…`
              : plural(count, { one: 'Email the invitation', other: 'Email # invitations' })}
          </button>
        </p>
      )}
      {invite.error && <Notice tone="error">{cleanError(invite.error)}</Notice>}
    </div>
  )
}
