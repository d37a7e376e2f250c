// A message's file as the views show it (AttachmentView, DownloadLink, ImageViewer).
export interface AttachmentInfo {
  id: string
  path: string
  name: string
  size: number
  mime: string
  width: number | null
  height: number | null
}
