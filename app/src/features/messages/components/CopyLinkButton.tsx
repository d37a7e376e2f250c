// The context view's "Copy link" button (copy-link.ts does the copying).
import { copyPermalink, useCopiedFlag } from './copy-link.ts'

export function CopyLinkButton({ channelId, messageId }: { channelId: string; messageId: string }) {
  const [copied, onCopied] = useCopiedFlag()
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={copied ? 'Link copied' : 'Copy link'}
      title={copied ? 'Link copied' : 'Copy link'}
      onClick={() => copyPermalink(channelId, messageId, onCopied)}
    >
      🔗
    </button>
  )
}
