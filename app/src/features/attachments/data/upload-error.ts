// What an upload's caller holds while the transfer code (upload-file.ts, resumable-upload.ts)
// loads and runs: the handle and the error, in a module of their own so that the first screen
// does not carry the transfers (transfers.ts is loaded when the first file is attached).

export interface UploadHandle {
  promise: Promise<void>
  cancel(): void
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly cancelled = false
  ) {
    super(message)
    this.name = 'UploadError'
  }
}
