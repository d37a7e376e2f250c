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
import { quoteIdentifier } from '../sql-identifier.ts'
import { leadingCommentsLength, splitSqlStatementRanges } from './sql-split.ts'
import {
  DROP_TRIGGER_GRANTS,
  EXTENSION_SCHEMA_OVERRIDES,
  isAllowedConfig,
  isReservedRole,
  POLICY_GRANTS,
  PRIVILEGED_EXTENSIONS,
  PRIVILEGED_ROLE,
  RESERVED_MEMBERSHIPS,
} from './supautils-config.ts'

export { PRIVILEGED_EXTENSIONS } from './supautils-config.ts'

export interface HostedRewrite {
  /** The script to run, with the same lines as the original. */
  text: string
  /** The statements rewritten, by line (1-based) of the original. */
  elevated: { line: number; what: string }[]
}

interface Refusal {
  message: string
  detail?: string
  /** SQLSTATE */
  code: string
}

interface Plan {
  what: string
  /** Refused in place with this error, unless `unless` (a SQL condition) holds when it runs. */
  refuse?: Refusal & { unless?: string }
  /** Checks run as the migration role before the statement. */
  before?: string
  /** Run as the superuser. */
  elevate?: boolean
  /** Run as the superuser right after the statement. */
  after?: string
  /** The statement to run instead (an overridden schema). */
  core?: string
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`
const SETTING = String.raw`${IDENT}(?:\s*\.\s*${IDENT})*`
const re = (source: string) => new RegExp(source, 'i')

const CREATE_EXTENSION = re(
  String.raw`^create\s+extension\s+(?:if\s+not\s+exists\s+)?(${IDENT})([\s\S]*)$`
)
const SCHEMA_OPTION = re(String.raw`\bschema\s+(${IDENT})`)
const ALTER_EXTENSION = re(String.raw`^alter\s+extension\s+(${IDENT})\s+(\w+)`)
const DROP_EXTENSION = re(
  String.raw`^drop\s+extension\s+(?:if\s+exists\s+)?(${IDENT}(?:\s*,\s*${IDENT})*)`
)
const COMMENT_ON_EXTENSION = re(String.raw`^comment\s+on\s+extension\s`)
const POLICY = re(
  String.raw`^(?:create|alter|drop)\s+policy\s+(?:if\s+exists\s+)?${IDENT}\s+on\s+(${QUALIFIED})`
)
const DROP_TRIGGER = re(
  String.raw`^drop\s+trigger\s+(?:if\s+exists\s+)?${IDENT}\s+on\s+(${QUALIFIED})`
)
const SET = re(String.raw`^set\s+(?:(?:session|local)\s+)?(${SETTING})\s*(?:to\b|=)`)
const RESET = re(String.raw`^reset\s+(${SETTING})\s*;?\s*$`)
const SET_OR_RESET = String.raw`(?:set\s+(${SETTING})\s*(?:to\b|=|from\s+current\b)|reset\s+(${SETTING}))`
const ALTER_ROLE_SET = re(
  String.raw`^alter\s+(?:role|user(?!\s+mapping\b))\s+(${IDENT})\s+(?:in\s+database\s+${IDENT}\s+)?${SET_OR_RESET}`
)
const ALTER_DATABASE_SET = re(String.raw`^alter\s+database\s+${IDENT}\s+${SET_OR_RESET}`)
const ALTER_ROLE_RENAME = re(
  String.raw`^alter\s+(?:role|user(?!\s+mapping\b))\s+(${IDENT})\s+rename\s+to\s+(${IDENT})`
)
const ALTER_ROLE = re(String.raw`^alter\s+(?:role|user(?!\s+mapping\b))\s+(${IDENT})\s+([\s\S]*)$`)
const CREATE_ROLE = re(
  String.raw`^create\s+(?:role|user(?!\s+mapping\b)|group)\s+(${IDENT})([\s\S]*)$`
)
const DROP_ROLE = re(
  String.raw`^drop\s+(?:role|user(?!\s+mapping\b)|group)\s+(?:if\s+exists\s+)?(${IDENT}(?:\s*,\s*${IDENT})*)`
)
const GRANT_ROLE = re(String.raw`^grant\s+([\s\S]+?)\s+to\s+([\s\S]+)$`)
const REVOKE_ROLE = re(
  String.raw`^revoke\s+(?:(?:admin|inherit|set)\s+option\s+for\s+)?([\s\S]+?)\s+from\s+([\s\S]+)$`
)
const CREATE_EVENT_TRIGGER = re(
  String.raw`^create\s+event\s+trigger\s+(${IDENT})\s[\s\S]*?\bexecute\s+(?:function|procedure)\s+(${QUALIFIED})\s*\(`
)
const CREATE_PUBLICATION = re(String.raw`^create\s+publication\s+(${IDENT})`)
const ALTER_PUBLICATION = re(String.raw`^alter\s+publication\s`)
const CREATE_FDW = re(String.raw`^create\s+foreign\s+data\s+wrapper\s+(${IDENT})`)

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
 * The same for one statement that reaches the server over a connection a client runs (the real
 * Supabase CLI's `db push`, supautils-proxy.ts), as a DO block that decides when it runs: for
 * `role` (the current role), what supautils does, elevated with SET ROLE NONE to the session's own
 * login role (a superuser, as the CLI's supabase_admin that steps down to `postgres`), then SET
 * ROLE back; for any other role, the statement as written. Null when supautils does nothing with
 * it. One statement in, one out: a client counts one result for it.
 */
export function hostedStatement(statement: string, role = 'postgres'): string | null {
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
    if (plan.elevate) steps.push('set role none')
    steps.push(core)
    if (plan.after) steps.push(plan.after)
    if (plan.elevate) steps.push(`set role ${quoteIdentifier(role)}`)
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

/** What supautils does with a statement of the migration role, or null (nothing). */
function planFor(body: string, role: string): Plan | null {
  return (
    extensionPlan(body) ??
    tablePlan(body) ??
    settingPlan(body, role) ??
    rolePlan(body, role) ??
    privilegedRolePlan(body, role)
  )
}

function extensionPlan(body: string): Plan | null {
  const create = CREATE_EXTENSION.exec(body)
  if (create) {
    const name = unquote(create[1] ?? '')
    if (!PRIVILEGED_EXTENSIONS.has(name)) return null
    const options = create[2] ?? ''
    const what = `extension ${name}`
    // Hosted's before-create script refuses VERSION from anyone but an administrator.
    if (/\bversion\b/i.test(stripLiterals(options))) {
      const schemaMatch = SCHEMA_OPTION.exec(options)
      const target = schemaMatch ? unquote(schemaMatch[1] ?? '') : 'extensions'
      return {
        what,
        refuse: {
          message:
            `Only administrators can specify VERSION when creating extensions. ` +
            `Please use: CREATE EXTENSION ${name} WITH SCHEMA ${target};`,
          code: 'P0001',
        },
      }
    }
    const schema = EXTENSION_SCHEMA_OVERRIDES.get(name)
    let core: string | undefined
    if (schema !== undefined && !/--[^\n]*$/.test(body)) {
      const head = body.slice(0, body.length - options.length)
      core = SCHEMA_OPTION.test(options)
        ? head + options.replace(SCHEMA_OPTION, `schema ${quoteIdentifier(schema)}`)
        : `${body} schema ${quoteIdentifier(schema)}`
    }
    return { what, elevate: true, ...(core === undefined ? {} : { core }) }
  }
  const alter = ALTER_EXTENSION.exec(body)
  if (alter) {
    const name = unquote(alter[1] ?? '')
    // ALTER EXTENSION … ADD/DROP is left to PostgreSQL, as supautils leaves it.
    if (/^(add|drop)$/i.test(alter[2] ?? '') || !PRIVILEGED_EXTENSIONS.has(name)) return null
    return { what: `extension ${name}`, elevate: true }
  }
  const drop = DROP_EXTENSION.exec(body)
  if (drop) {
    const names = splitList(drop[1] ?? '').map(unquote)
    if (!names.every((n) => PRIVILEGED_EXTENSIONS.has(n))) return null
    return { what: `extension ${names.join(', ')}`, elevate: true }
  }
  if (COMMENT_ON_EXTENSION.test(body)) return { what: 'comment on extension', elevate: true }
  return null
}

function tablePlan(body: string): Plan | null {
  const policy = POLICY.exec(body)
  if (policy) {
    const table = qualifiedName(policy[1] ?? '')
    return POLICY_GRANTS.has(table) ? { what: `policy on ${table}`, elevate: true } : null
  }
  const trigger = DROP_TRIGGER.exec(body)
  if (trigger) {
    const table = qualifiedName(trigger[1] ?? '')
    return DROP_TRIGGER_GRANTS.has(table) ? { what: `trigger on ${table}`, elevate: true } : null
  }
  return null
}

function settingPlan(body: string, role: string): Plan | null {
  const set = SET.exec(body) ?? RESET.exec(body)
  if (set) {
    const name = settingName(set[1] ?? '')
    return isAllowedConfig(name) ? { what: `set ${name}`, elevate: true } : null
  }
  const roleSet = ALTER_ROLE_SET.exec(body)
  if (roleSet) {
    const target = roleName(roleSet[1] ?? '', role)
    if (target === null) return null
    if (isReservedRole(target, true)) return { what: `role ${target}`, refuse: reserved(target) }
    const name = settingName(roleSet[2] ?? roleSet[3] ?? '')
    return isAllowedConfig(name) ? { what: `role ${target} set ${name}`, elevate: true } : null
  }
  const databaseSet = ALTER_DATABASE_SET.exec(body)
  if (databaseSet) {
    const name = settingName(databaseSet[1] ?? databaseSet[2] ?? '')
    return isAllowedConfig(name) ? { what: `database set ${name}`, elevate: true } : null
  }
  return null
}

function rolePlan(body: string, role: string): Plan | null {
  const rename = ALTER_ROLE_RENAME.exec(body)
  if (rename) {
    const from = roleName(rename[1] ?? '', role)
    const to = unquote(rename[2] ?? '')
    for (const name of [from, to]) {
      if (name !== null && isReservedRole(name, false))
        return { what: `role ${name}`, refuse: reserved(name) }
    }
    return null
  }
  const alter = ALTER_ROLE.exec(body)
  if (alter && !/^(set|reset|in\s+database)\b/i.test(alter[2] ?? '')) {
    const target = roleName(alter[1] ?? '', role)
    if (target === null) return null
    const what = `role ${target}`
    if (isReservedRole(target, false)) return { what, refuse: reserved(target) }
    const privileged: Refusal = {
      message: 'permission denied to alter role',
      detail: 'Only superusers can alter privileged roles.',
      code: '42501',
    }
    const unless = `not (exists (select from pg_catalog.pg_roles where rolname = ${literal(target)}) and pg_catalog.pg_has_role(${literal(target)}, ${literal(PRIVILEGED_ROLE)}, 'usage'))`
    if (/\b(no)?superuser\b/i.test(stripLiterals(alter[2] ?? ''))) {
      return {
        what,
        before: check(unless, privileged),
        refuse: {
          message: 'permission denied to alter role',
          detail:
            'Only roles with the SUPERUSER attribute may alter roles with the SUPERUSER attribute.',
          code: '42501',
        },
      }
    }
    return { what, refuse: { ...privileged, unless }, elevate: true }
  }
  const create = CREATE_ROLE.exec(body)
  if (create) {
    const name = unquote(create[1] ?? '')
    const options = stripLiterals(create[2] ?? '')
    const refusal = createRoleRefusal(name, options)
    if (refusal === null) return null
    const exists = `exists (select from pg_catalog.pg_roles where rolname = ${literal(name)})`
    return { what: `role ${name}`, refuse: { ...refusal, unless: exists } }
  }
  const drop = DROP_ROLE.exec(body)
  if (drop) {
    for (const name of splitList(drop[1] ?? '')) {
      const target = roleName(name, role)
      if (target === null) break
      if (isReservedRole(target, false)) return { what: `role ${target}`, refuse: reserved(target) }
    }
    return null
  }
  const grant = GRANT_ROLE.exec(body)
  if (grant && !/\son\s/i.test(` ${stripLiterals(grant[1] ?? '')} `)) {
    for (const name of splitList(grant[1] ?? '').map(unquote)) {
      if (RESERVED_MEMBERSHIPS.has(name))
        return { what: `membership ${name}`, refuse: reservedMembership(name) }
    }
    return granteesPlan(grant[2] ?? '', role)
  }
  const revoke = REVOKE_ROLE.exec(body)
  if (revoke && !/\son\s/i.test(` ${stripLiterals(revoke[1] ?? '')} `)) {
    return granteesPlan(revoke[2] ?? '', role)
  }
  return null
}

function createRoleRefusal(name: string, options: string): Refusal | null {
  if (isReservedRole(name, false)) return reserved(name)
  if (/\bsuperuser\b/i.test(options) && !/\bnosuperuser\b/i.test(options)) {
    return {
      message: 'permission denied to create role',
      detail:
        'Only roles with the SUPERUSER attribute may create roles with the SUPERUSER attribute.',
      code: '42501',
    }
  }
  const inRole = re(String.raw`\bin\s+(?:role|group)\s+(${IDENT}(?:\s*,\s*${IDENT})*)`).exec(
    options
  )
  for (const member of splitList(inRole?.[1] ?? '').map(unquote)) {
    if (RESERVED_MEMBERSHIPS.has(member)) return reservedMembership(member)
  }
  if (/\b(?:role|admin|user)\s+(?!in\b)/i.test(options.replace(/\bin\s+(?:role|group)\b/gi, ''))) {
    if (RESERVED_MEMBERSHIPS.has(name)) return reservedMembership(name)
  }
  return null
}

function granteesPlan(text: string, role: string): Plan | null {
  const grantees = text.replace(/\s+(?:with|granted|cascade|restrict)\b[\s\S]*$/i, '')
  for (const name of splitList(grantees)) {
    const target = roleName(name, role)
    if (target !== null && isReservedRole(target, true))
      return { what: `role ${target}`, refuse: reserved(target) }
  }
  return null
}

/** Event triggers, publications and foreign data wrappers: created as the superuser, owned by the role. */
function privilegedRolePlan(body: string, role: string): Plan | null {
  const trigger = CREATE_EVENT_TRIGGER.exec(body)
  if (trigger) {
    const name = unquote(trigger[1] ?? '')
    const fn = trigger[2] ?? ''
    const owner = `(select r.rolsuper from pg_catalog.pg_proc p join pg_catalog.pg_roles r on r.oid = p.proowner where p.oid = pg_catalog.to_regprocedure(${literal(`${fn}()`)}))`
    const refusal: Refusal = {
      message: 'Non-superuser owned event trigger must execute a non-superuser owned function',
      detail: `The current user "${role}" is not a superuser and the function "${qualifiedName(fn)}" is owned by a superuser`,
      code: 'XX000',
    }
    return {
      what: `event trigger ${name}`,
      before: check(`${owner} is not true`, refusal),
      elevate: true,
      after: ownedBy('pg_event_trigger', 'evtname', 'evtowner', name, role),
    }
  }
  const publication = CREATE_PUBLICATION.exec(body)
  if (publication) {
    const name = unquote(publication[1] ?? '')
    return {
      what: `publication ${name}`,
      elevate: true,
      after: ownedBy('pg_publication', 'pubname', 'pubowner', name, role),
    }
  }
  if (ALTER_PUBLICATION.test(body)) return { what: 'publication', elevate: true }
  const fdw = CREATE_FDW.exec(body)
  if (fdw) {
    const name = unquote(fdw[1] ?? '')
    return {
      what: `foreign data wrapper ${name}`,
      elevate: true,
      after: ownedBy('pg_foreign_data_wrapper', 'fdwname', 'fdwowner', name, role),
    }
  }
  return null
}

/**
 * Gives an object the superuser just created to `role`, as supautils' alter_owner does: in the
 * catalog, since PostgreSQL's ALTER … OWNER TO wants a superuser as the owner of these objects.
 */
function ownedBy(
  catalog: string,
  nameColumn: string,
  ownerColumn: string,
  name: string,
  role: string
): string {
  const table = `pg_catalog.${catalog}`
  return (
    `do $hosted$ declare o oid; begin ` +
    `select oid into o from ${table} where ${nameColumn} = ${literal(name)}; ` +
    `update ${table} set ${ownerColumn} = ${literal(role)}::regrole where oid = o; ` +
    `delete from pg_catalog.pg_shdepend where classid = '${table}'::regclass and objid = o and deptype = 'o'; ` +
    `insert into pg_catalog.pg_shdepend values ((select oid from pg_catalog.pg_database where datname = current_database()), ` +
    `'${table}'::regclass, o, 0, 'pg_catalog.pg_authid'::regclass, ${literal(role)}::regrole, 'o'); ` +
    `end $hosted$;`
  )
}

function reserved(name: string): Refusal {
  return {
    message: `"${name}" is a reserved role, only superusers can modify it`,
    code: '42501',
  }
}

function reservedMembership(name: string): Refusal {
  return {
    message: `"${name}" role memberships are reserved, only superusers can grant them`,
    code: '42501',
  }
}

function raise(refusal: Refusal): string {
  const detail = refusal.detail === undefined ? '' : `, detail = ${literal(refusal.detail)}`
  return (
    `do $hosted$ begin raise exception using message = ${literal(refusal.message)}` +
    `${detail}, errcode = ${literal(refusal.code)}; end $hosted$;`
  )
}

/** Raises `refusal` unless `unless` holds, when it runs. */
function check(unless: string, refusal: Refusal): string {
  return raise(refusal)
    .replace('begin raise', `begin if not (${unless}) then raise`)
    .replace('; end $hosted$;', '; end if; end $hosted$; ')
}

/** A role spec's name; current_user and the like are the migration role; null for ALL/PUBLIC. */
function roleName(spec: string, role: string): string | null {
  const trimmed = spec.trim()
  if (/^(current_user|current_role|session_user)$/i.test(trimmed)) return role
  if (/^(all|public)$/i.test(trimmed)) return null
  return unquote(trimmed)
}

function settingName(text: string): string {
  return text
    .split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map(unquote)
    .join('.')
}

/** Comma-separated names, commas inside double quotes kept. */
function splitList(text: string): string[] {
  return (text.match(/(?:"(?:[^"]|"")*"|[^,])+/g) ?? []).map((s) => s.trim()).filter(Boolean)
}

function withoutLeadingComments(text: string): string {
  return text.slice(leadingCommentsLength(text))
}

function stripLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "''")
}

function unquote(identifier: string): string {
  const trimmed = identifier.trim()
  return trimmed.startsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"') : trimmed.toLowerCase()
}

function qualifiedName(text: string): string {
  const parts = text.split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(unquote)
  return parts.length === 2 ? `${parts[0]}.${parts[1]}` : (parts[0] ?? '')
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}
