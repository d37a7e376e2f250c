// The admin user API (service_role): list with paging headers, get, create, update (ban,
// metadata, password, email) and delete (soft or hard), as GoTrue's admin.go. What creating and
// updating write is users/admin-user-writes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { authTx } from '../db.ts'
import { ERRORS } from '../errors.ts'
import { readParams } from '../http/params.ts'
import { isUuid, queryParam, rawBody, requestAud, requireAdmin } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { deleteUserHard, softDeleteUser } from '../users/soft-delete.ts'
import { countUsers, findUserById, listUsers } from '../users/user-store.ts'
import { userJson } from '../users/user-json.ts'
import type { User } from '../users/user-json.ts'
import { ADMIN_USER_PARAMS, createUser, updateUser } from '../users/admin-user-writes.ts'

export function registerAdminUsers(app: FastifyInstance, rt: AuthRuntime): void {
  app.get('/admin/users', async (request, reply) => {
    const claims = await requireAdmin(rt, request)
    return listUsersRoute(rt, request, reply, requestAud(rt, request, claims))
  })

  app.post('/admin/users', async (request, reply) => {
    const claims = await requireAdmin(rt, request)
    const params = readParams(rawBody(request), ADMIN_USER_PARAMS)
    return reply.send(await createUser(rt, params, requestAud(rt, request, claims)))
  })

  app.get<{ Params: { id: string } }>('/admin/users/:id', async (request, reply) => {
    await requireAdmin(rt, request)
    return reply.send(userJson(await loadUser(rt, request.params.id)))
  })

  app.put<{ Params: { id: string } }>('/admin/users/:id', async (request, reply) => {
    const claims = await requireAdmin(rt, request)
    const user = await loadUser(rt, request.params.id)
    const params = readParams(rawBody(request), ADMIN_USER_PARAMS)
    const aud = requestAud(rt, request, claims)
    return reply.send(await updateUser(rt, user, params, aud))
  })

  app.delete<{ Params: { id: string } }>('/admin/users/:id', async (request, reply) => {
    await requireAdmin(rt, request)
    const user = await loadUser(rt, request.params.id)
    const raw = rawBody(request)
    const params =
      raw.trim() === ''
        ? { should_soft_delete: false }
        : readParams(raw, {
            struct: 'adminUserDeleteParams',
            fields: { should_soft_delete: 'bool' },
          } as const)
    await authTx(rt.ctx.db, async (tx) => {
      if (!params.should_soft_delete) return deleteUserHard(tx, user.id)
      if (user.deleted_at !== null) return
      return softDeleteUser(tx, user, new Date())
    })
    return reply.send({})
  })
}

async function loadUser(rt: AuthRuntime, id: string): Promise<User> {
  if (!isUuid(id)) throw ERRORS.validationFailed('user_id must be an UUID', 404)
  const user = await authTx(rt.ctx.db, (tx) => findUserById(tx, id))
  if (!user) throw ERRORS.userNotFound('User not found')
  return user
}

/** Go's strconv.ParseUint, as GoTrue's paging reads page and per_page. */
function parseUint(value: string): number {
  const fail = (why: string) =>
    ERRORS.validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: ${why}`
    )
  if (!/^\d+$/.test(value)) throw fail('invalid syntax')
  if (BigInt(value) > 0xffffffffffffffffn) throw fail('value out of range')
  return Number(value)
}

async function listUsersRoute(
  rt: AuthRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  aud: string
) {
  const pageParam = queryParam(request, 'page')
  const perPageParam = queryParam(request, 'per_page')
  const page = Math.max(1, pageParam === '' ? 1 : parseUint(pageParam))
  const rawPerPage = perPageParam === '' ? 50 : parseUint(perPageParam)
  const perPage = rawPerPage < 1 ? 20 : rawPerPage
  const sort = queryParam(request, 'sort').trim().toLowerCase()
  if (sort !== '' && !/^created_at( (asc|desc))?$/.test(sort)) {
    throw ERRORS.validationFailed(`Bad Sort Parameters: ${sort} is not a valid sort field`)
  }
  const ascending = sort === 'created_at asc'
  const filter = queryParam(request, 'filter')
  const offset = (page - 1) * perPage
  const { users, total } = await authTx(rt.ctx.db, async (tx) => ({
    // A page past anything Postgres can count to is simply empty.
    users:
      offset > Number.MAX_SAFE_INTEGER || perPage > Number.MAX_SAFE_INTEGER
        ? []
        : await listUsers(tx, aud, filter, perPage, offset, ascending),
    total: await countUsers(tx, aud, filter),
  }))
  const totalPages = Math.ceil(total / perPage)
  const link = (n: number) => `</admin/users?page=${n}&per_page=${perPage}>`
  let header = ''
  if (totalPages > page) header += `${link(page + 1)}; rel="next", `
  header += `${link(totalPages)}; rel="last"`
  return reply
    .header('link', header)
    .header('x-total-count', String(total))
    .send({ users: users.map(userJson), aud })
}
