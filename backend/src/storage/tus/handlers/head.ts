// HEAD: where an upload stands (its offset, length or deferred length, metadata), for a client
// that resumes.
import type { TusContext } from '../context.ts'
import { held, idOf, tusRoute, writerOf } from '../context.ts'
import { stringifyMetadata } from '../protocol.ts'

export function headHandler(t: TusContext, signed: boolean) {
  return tusRoute(t, signed, async (request, reply, known) => {
    const id = idOf(request)
    if (!known) await writerOf(t, request, true, id)
    const { info, release } = await held(t, request, id)
    release()
    const headers: Record<string, string> = {
      'Upload-Offset': String(info.offset),
      'Cache-Control': 'no-store',
    }
    if (info.size === null) headers['Upload-Defer-Length'] = '1'
    else headers['Upload-Length'] = String(info.size)
    const metadata = stringifyMetadata(info.metadata)
    if (metadata) headers['Upload-Metadata'] = metadata
    void reply.code(200).headers(headers).send()
  })
}
