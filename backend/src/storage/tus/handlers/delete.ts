// DELETE: ends an incomplete upload and removes its bytes (termination), once the writer's right
// to the key holds.
import { authorizeWrite } from '../../upload.ts'
import type { TusContext } from '../context.ts'
import { held, idOf, targetOf, tusRoute, writerFor } from '../context.ts'
import { TUS_ERRORS, TUS_OPERATIONS } from '../protocol.ts'

export function deleteHandler(t: TusContext, signed: boolean) {
  return tusRoute(t, signed, async (request, reply, known) => {
    const id = idOf(request)
    const writer = await writerFor(t, request, known, id)
    await authorizeWrite(
      t.deps,
      request,
      targetOf(id, writer, TUS_OPERATIONS.delete),
      writer.caller
    )
    const { info, release } = await held(t, request, id)
    try {
      if (info.completed) throw TUS_ERRORS.invalidTermination()
      await t.store.remove(info.version)
    } finally {
      release()
    }
    void reply.code(204).send()
  })
}
