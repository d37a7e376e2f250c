// The transfer code, one chunk loaded when the first file is attached (use-uploads.ts).
export { removeUnsent, uploadFile } from './upload-file.ts'
export { uploadResumable } from './resumable-upload.ts'
