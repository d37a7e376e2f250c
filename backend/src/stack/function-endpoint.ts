// The endpoint step: where the database's background jobs find the Edge Functions. Every job of
// Chorus (notification emails, link previews, outgoing events, import, export, retention's files)
// posts through pg_net to Vault's `project_url` + /functions/v1/<name> with Vault's
// `publishable_key`, the names of Supabase's "Scheduling Edge Functions" guide; on a hosted project
// `npm run deploy` stores them. The stack stores its own on every start, seeded database or not,
// and corrects them when they changed (another port, a restored backup from another server, new
// keys): the URL is the address the stack itself listens on (loopback for 0.0.0.0), which the
// database's requests reach without the public URL's DNS, TLS or proxy.
import type { Sql } from 'postgres'
import { localHost } from '../http/listen.ts'
import type { Logger } from '../logger.ts'

export interface FunctionEndpoint {
  /** project_url: the URL the database reaches the API at. */
  projectUrl: string
  /** publishable_key: the key the jobs send as apikey and Bearer. */
  publishableKey: string
}

const DESCRIPTIONS: Record<string, string> = {
  project_url: 'Where background jobs reach the Edge Functions (stored by the stack at start)',
  publishable_key: 'The API key background jobs call the Edge Functions with (stored by the stack)',
}

/** The URL the database's requests reach a stack listening on `host`:`port` at. */
export function endpointUrl(host: string, port: number): string {
  return `http://${localHost(host)}:${port}`
}

/** Creates or corrects Vault's project_url and publishable_key; returns the names it wrote. */
export async function storeFunctionEndpoint(
  sql: Sql,
  endpoint: FunctionEndpoint,
  log: Logger
): Promise<string[]> {
  const wanted: [string, string][] = [
    ['project_url', endpoint.projectUrl],
    ['publishable_key', endpoint.publishableKey],
  ]
  const written: string[] = []
  await sql.begin(async (tx) => {
    // One start at a time per database (two stacks on one database, a reset racing a start).
    await tx`select pg_advisory_xact_lock(hashtext('chorus function endpoint'))`
    for (const [name, value] of wanted) {
      const [row] = await tx<{ id: string; value: string | null }[]>`
        select id::text, decrypted_secret as value from vault.decrypted_secrets
        where name = ${name}
      `
      if (row?.value === value) continue
      if (row) await tx`select vault.update_secret(${row.id}::uuid, ${value})`
      else await tx`select vault.create_secret(${value}, ${name}, ${DESCRIPTIONS[name] ?? ''})`
      written.push(name)
    }
  })
  if (written.length > 0) {
    log.info(
      `Vault: stored ${written.join(' and ')} for the background jobs (${endpoint.projectUrl})`
    )
  }
  return written
}
