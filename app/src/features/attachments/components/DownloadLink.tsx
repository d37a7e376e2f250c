// A file's download button: its signed address once known, with the file's name to save as.
import { t } from '@lingui/core/macro'
import { useSignedUrl } from '../data/signed-url.ts'
import type { AttachmentInfo } from './attachment-info.ts'

export function DownloadLink({ attachment }: { attachment: AttachmentInfo }) {
  const signed = useSignedUrl(attachment.path, attachment.name)
  if (signed.isError) return <span className="muted">{t`Unavailable`}</span>
  const name = attachment.name
  return (
    <a
      className="button button-small"
      href={signed.data ?? '#'}
      aria-disabled={!signed.data}
      download={attachment.name}
      aria-label={t`Download ${name}`}
    >
      {t`Download`}
    </a>
  )
}
