import { afterFirstScreen } from '../../lib/first-screen.ts'
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { UploadTrayProps } from './components/UploadTray.tsx'
import { acceptingFiles } from './data/use-uploads.ts'
export { transfers, useUploads } from './data/use-uploads.ts'
export type { ResumableTarget } from './data/resumable-upload.ts'
export type { DraftUpload, OutgoingFile } from './data/use-uploads.ts'
export { AttachmentView, previewBox } from './components/AttachmentView.tsx'
export type { AttachmentInfo } from './components/attachment-info.ts'
// The tray of the files being attached and the check of what may be attached: chunks of their
// own (not the first screen's), fetched once the first screen is shown, so that they are in
// before anyone attaches a file (offline too).
const loadTray = () =>
  import('./components/UploadTray.tsx').then((m) => ({ default: m.UploadTray }))
export const UploadTray = lazyRetrying<UploadTrayProps>(loadTray, Nothing)
afterFirstScreen(() => {
  void loadTray().catch(() => undefined)
  void acceptingFiles().catch(() => undefined)
})
