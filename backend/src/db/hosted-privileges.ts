// What hosted Supabase lets `postgres` do beyond its grants, through supautils
// (supabase/postgres' supautils.conf): create the privileged extensions, manage the policies of
// the platform's auth/storage/realtime tables (policy_grants) and drop their triggers
// (drop_trigger_grants). A migration runs as `postgres` without superuser (migrate.ts); this
// module rewrites exactly those statements of it to run as the superuser, in the same
// transaction, on the same lines, so that errors still name the migration's file and line.
// Anything else stays as written and PostgreSQL refuses what `postgres` may not do.
// Not a security boundary: it is there to catch, locally, what would fail on hosted.
import { quoteIdentifier } from '../sql-identifier.ts'
import { leadingCommentsLength, splitSqlStatementRanges } from './sql-split.ts'

/** supautils.privileged_extensions on hosted Supabase. */
export const PRIVILEGED_EXTENSIONS: ReadonlySet<string> = new Set([
  'address_standardizer',
  'address_standardizer_data_us',
  'autoinc',
  'bloom',
  'btree_gin',
  'btree_gist',
  'citext',
  'cube',
  'dblink',
  'dict_int',
  'dict_xsyn',
  'earthdistance',
  'fuzzystrmatch',
  'hstore',
  'http',
  'insert_username',
  'intarray',
  'isn',
  'ltree',
  'moddatetime',
  'pg_cron',
  'pg_graphql',
  'pg_hashids',
  'pg_jsonschema',
  'pg_net',
  'pg_stat_monitor',
  'pg_stat_statements',
  'pg_trgm',
  'pg_walinspect',
  'pgaudit',
  'pgcrypto',
  'pgjwt',
  'pgroonga',
  'pgroonga_database',
  'pgrouting',
  'pgrowlocks',
  'pgsodium',
  'pgtap',
  'plcoffee',
  'pljava',
  'plls',
  'plpgsql',
  'plpgsql_check',
  'plv8',
  'postgis',
  'postgis_raster',
  'postgis_sfcgal',
  'postgis_tiger_geocoder',
  'postgis_topology',
  'postgres_fdw',
  'refint',
  'rum',
  'seg',
  'sslinfo',
  'supabase_vault',
  'supautils',
  'tablefunc',
  'tcn',
  'timescaledb',
  'tsm_system_rows',
  'tsm_system_time',
  'unaccent',
  'uuid-ossp',
  'wrappers',
])

/** supautils.policy_grants and drop_trigger_grants for postgres on hosted Supabase. */
export const PLATFORM_TABLE_GRANTS: ReadonlySet<string> = new Set([
  'auth.audit_log_entries',
  'auth.identities',
  'auth.refresh_tokens',
  'auth.sessions',
  'auth.users',
  'realtime.messages',
  'storage.buckets',
  'storage.migrations',
  'storage.objects',
  'storage.s3_multipart_uploads',
  'storage.s3_multipart_uploads_parts',
])

export interface HostedRewrite {
  /** The script to run, with the same lines as the original. */
  text: string
  /** The statements run as the superuser, by line (1-based) of the original. */
  elevated: { line: number; what: string }[]
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`
const CREATE_EXTENSION = new RegExp(
  String.raw`^create\s+extension\s+(?:if\s+not\s+exists\s+)?(${IDENT})([\s\S]*)$`,
  'i'
)
const SCHEMA_OPTION = new RegExp(String.raw`\bschema\s+(${IDENT})`, 'i')
const DROP_EXTENSION = new RegExp(
  String.raw`^(?:drop|alter)\s+extension\s+(?:if\s+exists\s+)?(${IDENT}(?:\s*,\s*${IDENT})*)`,
  'i'
)
const POLICY = new RegExp(
  String.raw`^(?:create|alter|drop)\s+policy\s+(?:if\s+exists\s+)?${IDENT}\s+on\s+(${QUALIFIED})`,
  'i'
)
const DROP_TRIGGER = new RegExp(
  String.raw`^drop\s+trigger\s+(?:if\s+exists\s+)?${IDENT}\s+on\s+(${QUALIFIED})`,
  'i'
)

/**
 * Rewrites the statements hosted lets `postgres` run through supautils so that they run as
 * `superuser` (the connection's own login role) and then go back to `postgres`.
 */
export function rewriteForHosted(script: string, superuser: string): HostedRewrite {
  const elevated: HostedRewrite['elevated'] = []
  let text = ''
  let last = 0
  for (const statement of splitSqlStatementRanges(script)) {
    const body = withoutLeadingComments(statement.text)
    const what = elevatedStatement(body)
    if (what === null) continue
    const bodyStart = statement.start + leadingCommentsLength(statement.text)
    const line = script.slice(0, bodyStart).split('\n').length
    elevated.push({ line, what })
    const core = statement.text.replace(/;\s*$/, '')
    const endsInComment = /--[^\n]*$/.test(core)
    const version = what.startsWith('extension ') ? versionRefusal(body, what) : null
    const replacement =
      version ??
      `set local session authorization ${quoteIdentifier(superuser)}; ${core}` +
        `${endsInComment ? '\n' : ''}; set local session authorization postgres;`
    text += script.slice(last, statement.start) + replacement
    last = statement.end
  }
  text += script.slice(last)
  return { text, elevated }
}

/** What an elevated statement does ("extension pg_cron", "policy on storage.objects"), or null. */
function elevatedStatement(body: string): string | null {
  const create = CREATE_EXTENSION.exec(body)
  if (create) {
    const name = unquote(create[1] ?? '')
    return PRIVILEGED_EXTENSIONS.has(name) ? `extension ${name}` : null
  }
  const drop = DROP_EXTENSION.exec(body)
  if (drop) {
    const names = (drop[1] ?? '').split(',').map((n) => unquote(n.trim()))
    return names.every((n) => PRIVILEGED_EXTENSIONS.has(n)) ? `extension ${names.join(', ')}` : null
  }
  const policy = POLICY.exec(body) ?? DROP_TRIGGER.exec(body)
  if (policy) {
    const table = qualifiedName(policy[1] ?? '')
    if (!PLATFORM_TABLE_GRANTS.has(table)) return null
    return `${/^drop\s+trigger/i.test(body) ? 'trigger' : 'policy'} on ${table}`
  }
  return null
}

/**
 * Hosted's before-create script refuses VERSION from anyone but an administrator; the same
 * message, raised where the statement was.
 */
function versionRefusal(body: string, what: string): string | null {
  const match = CREATE_EXTENSION.exec(body)
  if (!match || !/\bversion\b/i.test(stripLiterals(match[2] ?? ''))) return null
  if (!/^create/i.test(body)) return null
  const name = what.slice('extension '.length)
  const schemaMatch = SCHEMA_OPTION.exec(match[2] ?? '')
  const target = schemaMatch ? unquote(schemaMatch[1] ?? '') : 'extensions'
  const message =
    `Only administrators can specify VERSION when creating extensions. ` +
    `Please use: CREATE EXTENSION ${name} WITH SCHEMA ${target};`
  return `do $hosted$ begin raise exception '%', ${literal(message)}; end $hosted$;`
}

function withoutLeadingComments(text: string): string {
  return text.slice(leadingCommentsLength(text))
}

function stripLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "''")
}

function unquote(identifier: string): string {
  return identifier.startsWith('"')
    ? identifier.slice(1, -1).replace(/""/g, '"')
    : identifier.toLowerCase()
}

function qualifiedName(text: string): string {
  const parts = text.split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(unquote)
  return parts.length === 2 ? `${parts[0]}.${parts[1]}` : (parts[0] ?? '')
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}
