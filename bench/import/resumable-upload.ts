// The import benchmark's archive uploaded as the app uploads a large file: resumably
// (tus-js-client, 6 MB chunks) into the imports bucket.
import { createReadStream } from 'node:fs'
import { Upload } from 'tus-js-client'
import type { StackInfo } from '../realtime/clients.ts'

/** Uploads the archive file resumably as the owner (tus-js-client, 6 MB chunks, as the app). */
export function resumableUpload(
  info: StackInfo,
  token: string,
  objectName: string,
  file: string,
  size: number
) {
  return new Promise<void>((resolve, reject) => {
    const upload = new Upload(createReadStream(file, { highWaterMark: 1024 ** 2 }), {
      endpoint: `${info.apiUrl}/storage/v1/upload/resumable`,
      chunkSize: 6 * 1024 * 1024,
      uploadSize: size,
      retryDelays: [0, 1000, 3000],
      headers: { authorization: `Bearer ${token}`, apikey: info.anonKey, 'x-upsert': 'true' },
      metadata: { bucketName: 'imports', objectName, contentType: 'application/zip' },
      onError: reject,
      onSuccess: () => resolve(),
    })
    upload.start()
  })
}
