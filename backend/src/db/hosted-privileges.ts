// What hosted Supabase lets `postgres` do beyond its grants, and what it refuses it, through
// supautils, configured as supabase/postgres configures it (supautils-config.ts, the one list):
// create, update and drop the privileged extensions; SET and ALTER ROLE … SET the allowed configs
// (pgrst.*, session_replication_role, …); create event triggers, publications and foreign data
// wrappers, owned by postgres; manage the policies and drop the triggers of the platform tables
// the grants list; and never create, alter, drop or rename a reserved role, nor grant a reserved
// membership. A migration runs as `postgres` without superuser (migrate.ts): this module rewrites
// exactly those statements of it, in the same transaction and on the same lines, so that errors
// still name the migration's file and line: what supautils runs as its superuser runs as the
// superuser, what it refuses is refused in place with its message. Anything else stays as written
// and PostgreSQL refuses what `postgres` may not do.
// Not reproduced: statements inside functions and DO blocks are not seen; event triggers created by
// postgres also fire for superusers and reserved roles (supautils skips them there, in a function
// manager hook a SQL rewrite cannot have). ALTER DATABASE … SET of an allowed config is let through
// too: supautils' source has no hook for it, but hosted and `supabase start` accept
// `alter database postgres set "pgrst.…"` (issue 48; postgrest-js's own test project does it).
// Not a security boundary: it is there to catch, locally, what would fail on hosted.
// The plans are in hosted-plans.ts (hosted-role-plans.ts for role statements), their SQL pieces in
// hosted-sql.ts.
import { quoteIdentifier } from '../sql-identifier.ts'
import { planFor } from './hosted-plans.ts'
import { check, literal, raise, withoutLeadingComments } from './hosted-sql.ts'
import type { Plan } from './hosted-sql.ts'
import { leadingCommentsLength, splitSqlStatementRanges } from './sql-split.ts'

export { PRIVILEGED_EXTENSIONS } from './supautils-config.ts'

export interface HostedRewrite {
  /** The script to run, with the same lines as the original. */
  text: string
  /** The statements rewritten, by line (1-based) of the original. */
  elevated: { line: number; what: string }[]
}

/**
 * Rewrites the statements supautils acts on: what it runs as its superuser runs as `superuser`
 * (the connection's own login role) and then goes back to `role`; what it refuses raises its
 * error in place.
 */
export function rewriteForHosted(
  script: string,
  superuser: string,
  role = 'postgres'
): HostedRewrite {
  const elevated: HostedRewrite['elevated'] = []
  let text = ''
  let last = 0
  for (const statement of splitSqlStatementRanges(script)) {
    const body = withoutLeadingComments(statement.text)
    const plan = planFor(body.replace(/;\s*$/, ''), role)
    if (plan === null) continue
    const bodyStart = statement.start + leadingCommentsLength(statement.text)
    const line = script.slice(0, bodyStart).split('\n').length
    elevated.push({ line, what: plan.what })
    text += script.slice(last, statement.start) + replacement(statement.text, plan, superuser, role)
    last = statement.end
  }
  text += script.slice(last)
  return { text, elevated }
}

function replacement(statement: string, plan: Plan, superuser: string, role: string): string {
  const original = statement.replace(/;\s*$/, '')
  if (plan.refuse && plan.refuse.unless === undefined) {
    // The statement is not run: its lines stay, as blank ones.
    return (plan.before ?? '') + raise(plan.refuse) + '\n'.repeat(original.split('\n').length - 1)
  }
  const comments = original.slice(0, leadingCommentsLength(original))
  const core = plan.core ?? original.slice(comments.length)
  const endsInComment = /--[^\n]*$/.test(core)
  let out = comments
  if (plan.refuse) out += check(plan.refuse.unless ?? 'true', plan.refuse)
  out += plan.before ?? ''
  if (plan.elevate) out += `set local session authorization ${quoteIdentifier(superuser)}; `
  out += `${core}${endsInComment ? '\n' : ''};`
  if (plan.after) out += ` ${plan.after}`
  if (plan.elevate) out += ` set local session authorization ${quoteIdentifier(role)};`
  return out
}

/**
 * How hostedStatement runs what supautils runs as the superuser: the statements to execute
 * instead of `statements` (each one statement).
 */
export type Elevation = (statements: string[], role: string) => string[]

/**
 * By SET ROLE NONE to the session's own login role (a superuser, as the CLI's supabase_admin that
 * steps down to `postgres`), then SET ROLE back.
 */
export const elevateToLoginRole: Elevation = (statements, role) => [
  'set role none',
  ...statements,
  `set role ${quoteIdentifier(role)}`,
]

/**
 * The same for one statement that reaches the server over a connection a client runs (the real
 * Supabase CLI's `db push`, supautils-proxy.ts), as a DO block that decides when it runs: for
 * `role` (the current role), what supautils does, elevated by `elevation` (by default to the
 * session's login role; the proxy's signs them for a session that logged in as `postgres`); for
 * any other role, the statement as written. Null when supautils does nothing with it. One
 * statement in, one out: a client counts one result for it.
 */
export function hostedStatement(
  statement: string,
  role = 'postgres',
  elevation: Elevation = elevateToLoginRole
): string | null {
  const body = withoutLeadingComments(statement).replace(/;\s*$/, '')
  const plan = planFor(body, role)
  if (plan === null) return null
  const core = plan.core ?? body
  const steps: string[] = []
  if (plan.refuse && plan.refuse.unless === undefined) {
    if (plan.before) steps.push(plan.before)
    steps.push(raise(plan.refuse))
  } else {
    if (plan.refuse) steps.push(check(plan.refuse.unless ?? 'true', plan.refuse))
    if (plan.before) steps.push(plan.before)
    const run = plan.after ? [core, plan.after] : [core]
    steps.push(...(plan.elevate ? elevation(run, role) : run))
  }
  const quoted = (sql: string) => {
    let tag = 'hosted_sql'
    while (sql.includes(`$${tag}$`)) tag += '_'
    return `$${tag}$${sql.trim().replace(/;\s*$/, '')}$${tag}$`
  }
  let outer = 'hosted_do'
  while ([statement, ...steps].some((sql) => sql.includes(`$${outer}$`))) outer += '_'
  return (
    `do $${outer}$ begin ` +
    `if current_user <> ${literal(role)} then execute ${quoted(body)}; return; end if; ` +
    steps.map((sql) => `execute ${quoted(sql)}; `).join('') +
    `end $${outer}$`
  )
}
