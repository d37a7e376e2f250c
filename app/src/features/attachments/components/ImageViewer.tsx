// An image at full size in a dialog, with its download button: opened from a message's preview
// (AttachmentView.tsx), a chunk of its own with the dialog's code.
import { Dialog } from '../../../ui/Dialog.tsx'
import type { AttachmentInfo } from './attachment-info.ts'
import { DownloadLink } from './DownloadLink.tsx'

export interface ImageViewerProps {
  attachment: AttachmentInfo
  url: string
  onClose: () => void
}

export default function ImageViewer({ attachment, url, onClose }: ImageViewerProps) {
  return (
    <Dialog title={attachment.name} open onClose={onClose} wide>
      <div className="image-viewer">
        <img src={url} alt={attachment.name} />
        <DownloadLink attachment={attachment} />
      </div>
    </Dialog>
  )
}
