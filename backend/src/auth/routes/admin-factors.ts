// The admin API's factors of a user (GoTrue's admin.go): list them, delete one (the sessions it
// raised go back to aal1). The deleted factor is the answer, as GoTrue sends it.
import type { FastifyInstance } from 'fastify'
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { deleteFactor, factorsOf, findOwnedFactor } from '../mfa/factor-store.ts'
import { isUuid, requireAdmin } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { factorJson } from '../users/user-json.ts'
import { findUserById } from '../users/user-store.ts'

async function loadUserId(rt: AuthRuntime, id: string): Promise<string> {
  if (!isUuid(id)) throw ERRORS.validationFailed('user_id must be an UUID', 404)
  const user = await authTx(rt.ctx.db, (tx) => findUserById(tx, id))
  if (!user) throw ERRORS.userNotFound('User not found')
  return user.id
}

export function registerAdminFactors(app: FastifyInstance, rt: AuthRuntime): void {
  app.get<{ Params: { id: string } }>('/admin/users/:id/factors', async (request, reply) => {
    await requireAdmin(rt, request)
    const userId = await loadUserId(rt, request.params.id)
    const factors = await authTx(rt.ctx.db, (tx) => factorsOf(tx, userId))
    return reply.send(factors.map(factorJson))
  })

  app.delete<{ Params: { id: string; factor: string } }>(
    '/admin/users/:id/factors/:factor',
    async (request, reply) => {
      await requireAdmin(rt, request)
      const userId = await loadUserId(rt, request.params.id)
      if (!isUuid(request.params.factor)) {
        throw ERRORS.validationFailed('factor_id must be an UUID', 404)
      }
      const factor = await authTx(rt.ctx.db, async (tx) => {
        const found = await findOwnedFactor(tx, userId, request.params.factor)
        if (found) await deleteFactor(tx, found)
        return found
      })
      if (!factor) throw ERRORS.mfaFactorNotFound('Factor not found')
      return reply.send(factorJson(factor))
    }
  )
}
