// Settings, Export (a lazy chunk opened from the workspace menu): what a workspace export holds
// (every member sees it; owners choose it: ExportScopeSection.tsx); owners export the workspace;
// everyone exports their own data. Each export is built in the background (the list
// is read again every two seconds while one is), and once ready offers a download link that works
// for an hour; the file itself is deleted seven days after it was made.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { useDownloadLink, useExports, useRequestExport } from '../data/exports.ts'
import { ExportScopeSection } from './ExportScopeSection.tsx'
import { askedSentence, inTheMaking, linkSentence, statusSentence } from '../data/words.ts'
import type { ExportItem } from '../data/words.ts'
import './exports.css'

export interface Props {
  workspaceId: string
  workspaceName: string
  isOwner: boolean
  /** The signed-in person: only their own export in the making holds the buttons back. */
  me: string
  open: boolean
  onClose: () => void
}

function ExportEntry({ item }: { item: ExportItem }) {
  const link = useDownloadLink()
  return (
    <li className="export-entry">
      <span className="muted">{askedSentence(item)}</span>
      <span role="status">{statusSentence(item)}</span>
      {item.status === 'done' && !link.data && (
        <button
          type="button"
          className="button button-small"
          disabled={link.isPending}
          onClick={() => link.mutate(item)}
        >
          {t`Get a download link`}
        </button>
      )}
      {link.data && (
        <span>
          <a href={link.data.url} download>
            {t`Download the zip`}
          </a>{' '}
          <span className="muted">{linkSentence(link.data.expiresAt)}</span>
        </span>
      )}
      {link.error && <Notice tone="error">{cleanError(link.error)}</Notice>}
    </li>
  )
}

function ExportList({ items, none }: { items: readonly ExportItem[]; none: string }) {
  if (items.length === 0) return <p className="muted">{none}</p>
  return (
    <ul className="export-list">
      {items.map((item) => (
        <ExportEntry key={item.id} item={item} />
      ))}
    </ul>
  )
}

export default function ExportDialog(props: Props) {
  const { workspaceId, workspaceName, isOwner, me, open, onClose } = props
  const exports = useExports(workspaceId)
  const request = useRequestExport(workspaceId)
  const [asked, setAsked] = useState<'workspace' | 'personal' | null>(null)
  const items = exports.data ?? []
  const busy = request.isPending || inTheMaking(items, me)
  const ask = (kind: 'workspace' | 'personal') => {
    setAsked(kind)
    request.mutate(kind)
  }
  const error = exports.error ?? request.error

  return (
    <Dialog title={t`Export`} open={open} onClose={onClose} wide>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      <ExportScopeSection workspaceId={workspaceId} isOwner={isOwner} />
      {isOwner && (
        <section className="export-section" aria-labelledby="export-workspace">
          <h3 id="export-workspace">{t`The whole workspace`}</h3>
          <p className="muted">
            {t`${workspaceName}'s channels as the setting above says (public ones only, or private channels and direct and group messages too), the members, every message with its threads, reactions, edits and earlier versions, pins, and the files, as a zip in Slack's export layout that Chorus can import again. Only owners can export it; each export is in the audit log.`}
          </p>
          <p>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => ask('workspace')}
            >
              {request.isPending && asked === 'workspace' ? t`Asking…` : t`Export the workspace`}
            </button>
          </p>
          <ExportList
            items={items.filter((item) => item.kind === 'workspace')}
            none={t`No workspace export yet.`}
          />
        </section>
      )}
      <section className="export-section" aria-labelledby="export-mine">
        <h3 id="export-mine">{t`Your data`}</h3>
        <p className="muted">
          {t`Your profile, the messages you wrote in the conversations you are in (private channels and direct messages included, whatever the setting above), with their edits and the files you attached, your reactions and your saved items. Nobody else's messages.`}
        </p>
        <p>
          <button type="button" className="button" disabled={busy} onClick={() => ask('personal')}>
            {request.isPending && asked === 'personal' ? t`Asking…` : t`Export my data`}
          </button>
        </p>
        <ExportList
          items={items.filter((item) => item.kind === 'personal')}
          none={t`No export of your data yet.`}
        />
      </section>
      {exports.isPending && <p className="muted">{t`Loading…`}</p>}
    </Dialog>
  )
}
