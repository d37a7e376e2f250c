// PATCH: appends bytes at the upload's offset (and may declare a deferred length); the one that
// brings the last byte finishes the upload into an object.
import { header } from '../../../http/header.ts'
import { effectiveLimit } from '../../limits.ts'
import { authorizeWrite } from '../../upload.ts'
import type { TusContext } from '../context.ts'
import { finish, held, idOf, receive, targetOf, tusRoute, writerFor } from '../context.ts'
import { TUS_ERRORS, TUS_OPERATIONS } from '../protocol.ts'

export function patchHandler(t: TusContext, signed: boolean) {
  return tusRoute(t, signed, async (request, reply, known) => {
    const id = idOf(request)
    const offsetHeader = header(request, 'upload-offset')
    if (offsetHeader === undefined) throw TUS_ERRORS.missingOffset()
    if (header(request, 'content-type') === undefined) throw TUS_ERRORS.invalidContentType()
    const writer = await writerFor(t, request, known, id)
    // The writer's right is tried on every PATCH, as Storage does, while the body arrives (as
    // a simple upload's is); nothing is acknowledged before it holds, and its refusal is the
    // answer even when something else is wrong too (Storage tries it before anything else).
    const allowed = authorizeWrite(
      t.deps,
      request,
      targetOf(id, writer, TUS_OPERATIONS.part),
      writer.caller
    )
    allowed.catch(() => undefined)
    // Let the check's queries go out before the body's reads hold the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    const { info, release } = await held(t, request, id).catch(async (error: unknown) => {
      await allowed
      throw error
    })
    try {
      if (info.offset !== Number(offsetHeader)) throw TUS_ERRORS.offsetConflict()
      const declared = header(request, 'upload-length')
      const length = Number(header(request, 'content-length') ?? NaN)
      // The bucket's limit bounds a deferred length; and the PATCH that may complete the upload
      // writes only once the check held, so a restart never finishes an upload it refused.
      const mayComplete =
        info.size === null || !(length < info.size - info.offset) || declared !== undefined
      const limit = mayComplete
        ? effectiveLimit(t.globalLimit, (await allowed).file_size_limit)
        : t.globalLimit
      if (declared !== undefined) {
        const size = Number(declared)
        if (info.size !== null || size < info.offset) throw TUS_ERRORS.invalidLength()
        if (size > limit) throw TUS_ERRORS.maxSizeExceeded()
        info.size = size
        await t.store.save(info)
      }
      if (!info.completed) await receive(t, request, info, limit, allowed)
      else await allowed
    } catch (error) {
      await allowed
      throw error
    } finally {
      release()
    }
    const headers: Record<string, string> = { 'Upload-Offset': String(info.offset) }
    if (info.size === info.offset && !info.completed) {
      await finish(t, request, info, writer)
      headers['Tus-Complete'] = '1'
    } else if (!info.completed) {
      headers['Upload-Expires'] = new Date(info.expiresAt).toUTCString()
    }
    void reply.code(204).headers(headers).send()
  })
}
