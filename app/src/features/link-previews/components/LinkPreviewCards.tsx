// The cards under a message with links (a lazy chunk: see ../message-extension.tsx). The image
// comes from Storage (bucket link-previews, a signed URL only the channel's members get), never
// from the linked site; the title links to the page (http(s) only, a new tab, no referrer, no
// opener). The message's author removes a card (after a confirmation) for everyone.
import { t } from '@lingui/core/macro'
import { Icon } from '../../../ui/Icon.tsx'
import { useState } from 'react'
import { removePreview, usePreviewImageUrl } from '../data/card.ts'
import type { LinkPreview } from '../data/preview.ts'
import { safeLink } from '../data/preview.ts'
import './link-previews.css'
import { confirmed } from '../../../ui/layers.ts'

function Card({ preview, canRemove }: { preview: LinkPreview; canRemove: boolean }) {
  const image = usePreviewImageUrl(preview.imagePath)
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState(false)
  const href = safeLink(preview.url)
  const title = preview.title ?? preview.url
  const remove = async () => {
    const ok = await confirmed({
      title: t`Remove link preview`,
      body: t`Remove this link preview for everyone?`,
      confirm: t`Remove`,
      danger: true,
    })
    if (!ok) return
    setRemoving(true)
    setError(null)
    const failed = await removePreview(preview.id)
    setRemoving(false)
    // On success the change arrives live and the card goes, here as for everyone.
    if (failed) setError(failed)
  }
  return (
    <div className="link-preview" role="group" aria-label={t`Link preview: ${title}`}>
      <div className="link-preview-text" dir="auto">
        {preview.siteName && <div className="link-preview-site">{preview.siteName}</div>}
        {href ? (
          <a className="link-preview-title" href={href} target="_blank" rel="noopener noreferrer">
            {title}
          </a>
        ) : (
          <span className="link-preview-title">{title}</span>
        )}
        {preview.description && <p className="link-preview-description">{preview.description}</p>}
        {error && (
          <p className="link-preview-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {image.data && (
        <img
          className="link-preview-image"
          src={image.data}
          alt=""
          width={preview.imageWidth ?? undefined}
          height={preview.imageHeight ?? undefined}
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      )}
      {canRemove && (
        <button
          type="button"
          className="link-preview-remove"
          aria-label={t`Remove the preview of ${title}`}
          title={t`Remove preview`}
          disabled={removing}
          onClick={() => void remove()}
        >
          <Icon name="x" size={14} />
        </button>
      )}
    </div>
  )
}

export default function LinkPreviewCards(props: {
  previews: readonly LinkPreview[]
  canRemove: boolean
}) {
  return (
    <div className="link-previews">
      {props.previews.map((preview) => (
        <Card key={preview.id} preview={preview} canRemove={props.canRemove} />
      ))}
    </div>
  )
}
