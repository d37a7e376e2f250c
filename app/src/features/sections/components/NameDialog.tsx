// "Create section" (with a channel to move into it, from its "Move to section ▸ New section…") and
// "Rename section": a name, checked as the server checks it, its refusal shown here.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { cleanError } from '../../../lib/clean-error.ts'
import { createSection, renameSection } from '../data/calls.ts'

interface Props {
  workspaceId: string
  /** Renaming this section (else creating one). */
  rename?: { key: string; name: string }
  /** Moved into the new section. */
  channelId?: string
  onClose: () => void
}

export const MAX_SECTION_NAME = 80

export function NameDialog({ workspaceId, rename, channelId, onClose }: Props) {
  const client = useQueryClient()
  const [name, setName] = useState(rename?.name ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit() {
    const clean = name.trim()
    if (!clean) return setError(t`Give the section a name.`)
    if (clean.length > MAX_SECTION_NAME)
      return setError(t`A section's name can be at most 80 characters long.`)
    if (rename && clean === rename.name) return onClose()
    setBusy(true)
    try {
      if (rename) {
        if (!(await renameSection(client, workspaceId, rename.key, clean, true))) return
      } else await createSection(client, workspaceId, clean, channelId)
      onClose()
    } catch (e) {
      setError(cleanError(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog title={rename ? t`Rename section` : t`Create a section`} open onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <Field
          label={t`Name`}
          value={name}
          autoFocus
          maxLength={MAX_SECTION_NAME + 20}
          placeholder={t`e.g. Projects`}
          hint={rename ? undefined : t`Only you see your sections, on every device.`}
          error={error}
          onChange={(e) => {
            setName(e.target.value)
            setError(null)
          }}
        />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {rename ? t`Save` : t`Create`}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
