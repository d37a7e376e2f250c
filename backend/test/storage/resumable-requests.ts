// Shared by the resumable upload tests: the tus endpoint of a stack, and the Upload-Metadata
// header as tus clients write it.
import type { TestStack } from '../support/stack.ts'

export const resumableEndpoint = (stack: TestStack) => `${stack.url}/storage/v1/upload/resumable`

export function metadataHeader(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')
}
