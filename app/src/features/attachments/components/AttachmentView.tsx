// A message's files: images as previews in a box of reserved size (so the list does not jump
// while they load) that open a full-size viewer (ImageViewer.tsx, a chunk loaded on the first
// click, with the dialog's code); small text files as snippets (snippet/TextSnippet.tsx, a chunk
// of its own, the file's card meanwhile); everything else as a download card.
import { t } from '@lingui/core/macro'
import { Suspense, useState } from 'react'
import { lazyRetrying } from '../../../lib/lazy.ts'
import { isPreviewable, isSnippet } from '../data/rules.ts'
import { formatSize } from '../../../lib/sizes.ts'
import { useSignedUrl } from '../data/signed-url.ts'
import type { AttachmentInfo } from './attachment-info.ts'
import { DownloadLink } from './DownloadLink.tsx'
import { NotLoaded } from '../../../ui/NotLoaded.tsx'

const ImageViewer = lazyRetrying(() => import('./ImageViewer.tsx'), NotLoaded)
const TextSnippet = lazyRetrying(() => import('../snippet/TextSnippet.tsx'), FileCard)

const PREVIEW_MAX = 320

export function previewBox(
  width: number | null,
  height: number | null
): { width: number; height: number } {
  if (!width || !height) return { width: PREVIEW_MAX, height: 200 }
  const scale = Math.min(1, PREVIEW_MAX / width, PREVIEW_MAX / height)
  return {
    width: Math.max(40, Math.round(width * scale)),
    height: Math.max(40, Math.round(height * scale)),
  }
}

export function AttachmentView({
  attachment,
  localUrl,
}: {
  attachment: AttachmentInfo
  localUrl?: string | null
}) {
  return isPreviewable(attachment.mime) ? (
    <ImagePreview attachment={attachment} localUrl={localUrl ?? null} />
  ) : isSnippet(attachment) ? (
    <Suspense fallback={<FileCard attachment={attachment} />}>
      <TextSnippet attachment={attachment} />
    </Suspense>
  ) : (
    <FileCard attachment={attachment} />
  )
}

function ImagePreview({
  attachment,
  localUrl,
}: {
  attachment: AttachmentInfo
  localUrl: string | null
}) {
  const [open, setOpen] = useState(false)
  const signed = useSignedUrl(attachment.path)
  const url = signed.data ?? localUrl
  const box = previewBox(attachment.width, attachment.height)
  const name = attachment.name
  return (
    <>
      <button
        type="button"
        className="image-preview"
        style={box}
        onClick={() => setOpen(true)}
        aria-label={t`Open image ${name}`}
        disabled={!url}
      >
        {url ? (
          <img
            src={url}
            alt={attachment.name}
            width={box.width}
            height={box.height}
            loading="lazy"
          />
        ) : signed.isError ? (
          <span className="muted">{t`Image unavailable`}</span>
        ) : (
          <span className="skeleton" aria-hidden="true" />
        )}
      </button>
      {open && url && (
        <Suspense fallback={null}>
          <ImageViewer attachment={attachment} url={url} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

function FileCard({ attachment }: { attachment: AttachmentInfo }) {
  return (
    <div className="file-card">
      <span className="file-icon" aria-hidden="true">
        {extensionOf(attachment.name)}
      </span>
      <span className="file-meta">
        <span className="file-name">{attachment.name}</span>
        <span className="muted">{formatSize(attachment.size)}</span>
      </span>
      <DownloadLink attachment={attachment} />
    </div>
  )
}

function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,4})$/i.exec(name)
  return match ? match[1]!.toUpperCase() : t`FILE`
}
