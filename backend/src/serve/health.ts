// GET /health for a reverse proxy or a monitor: 200 with each service's state and the database's
// when a new connection to the database answers, else 503. The database is checked on a
// connection of its own each time (a pool's open connections outlive a server that refuses new
// ones).
import postgres from 'postgres'
import type { FastifyInstance } from 'fastify'
import type { Service, StackContext } from '../context.ts'

const CHECK_TIMEOUT_SECONDS = 5

export async function registerHealth(
  app: FastifyInstance,
  ctx: StackContext,
  services: Service[]
): Promise<void> {
  const startedAt = Date.now()
  app.get('/health', async (_request, reply) => {
    const database = await checkDatabase(ctx)
    const up = database === 'ok'
    return reply
      .code(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: up ? 'ok' : 'unavailable',
        database,
        // A service answers as long as the server does; its work needs the database.
        services: Object.fromEntries(services.map((s) => [s.name, up ? 'ok' : 'degraded'])),
        uptime_seconds: Math.floor((Date.now() - startedAt) / 1000),
      })
  })
}

async function checkDatabase(ctx: StackContext): Promise<'ok' | 'down'> {
  const sql = postgres(ctx.db.url, {
    max: 1,
    connect_timeout: CHECK_TIMEOUT_SECONDS,
    onnotice: () => {},
    connection: { application_name: 'supabase-local health' },
  })
  try {
    await sql`select 1`
    return 'ok'
  } catch (error) {
    ctx.log.warn(`health: the database does not answer: ${(error as Error).message}`)
    return 'down'
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined)
  }
}
