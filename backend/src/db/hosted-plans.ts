// What supautils does with a statement of the privileged role (hosted-privileges.ts applies it):
// the privileged extensions created, updated and dropped as the superuser (a VERSION refused as
// hosted's before-create script refuses it); policies and trigger drops on the tables the grants
// list; SET, ALTER ROLE … SET and ALTER DATABASE … SET of the allowed configs; event triggers,
// publications and foreign data wrappers created as the superuser and owned by the role; and the
// role statements of hosted-role-plans.ts.
import { quoteIdentifier } from '../sql-identifier.ts'
import { rolePlan } from './hosted-role-plans.ts'
import {
  check,
  IDENT,
  literal,
  QUALIFIED,
  qualifiedName,
  re,
  reserved,
  roleName,
  SETTING,
  settingName,
  splitList,
  stripLiterals,
  unquote,
} from './hosted-sql.ts'
import type { Plan, Refusal } from './hosted-sql.ts'
import {
  DROP_TRIGGER_GRANTS,
  EXTENSION_SCHEMA_OVERRIDES,
  isAllowedConfig,
  isReservedRole,
  POLICY_GRANTS,
  PRIVILEGED_EXTENSIONS,
} from './supautils-config.ts'

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
const CREATE_EVENT_TRIGGER = re(
  String.raw`^create\s+event\s+trigger\s+(${IDENT})\s[\s\S]*?\bexecute\s+(?:function|procedure)\s+(${QUALIFIED})\s*\(`
)
const CREATE_PUBLICATION = re(String.raw`^create\s+publication\s+(${IDENT})`)
const ALTER_PUBLICATION = re(String.raw`^alter\s+publication\s`)
const CREATE_FDW = re(String.raw`^create\s+foreign\s+data\s+wrapper\s+(${IDENT})`)

/** What supautils does with a statement of the migration role, or null (nothing). */
export function planFor(body: string, role: string): Plan | null {
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
  // Every operator and type by schema: a caller's search_path must not pick its own.
  const eq = 'operator(pg_catalog.=)'
  const regrole = `${literal(role)}::pg_catalog.regrole`
  return (
    `do $hosted$ declare o oid; begin ` +
    `select oid into o from ${table} where ${nameColumn} ${eq} ${literal(name)}; ` +
    `update ${table} set ${ownerColumn} = ${regrole} where oid ${eq} o; ` +
    `delete from pg_catalog.pg_shdepend where classid ${eq} '${table}'::pg_catalog.regclass and objid ${eq} o and deptype ${eq} 'o'; ` +
    `insert into pg_catalog.pg_shdepend values ((select oid from pg_catalog.pg_database where datname ${eq} pg_catalog.current_database()), ` +
    `'${table}'::pg_catalog.regclass, o, 0, 'pg_catalog.pg_authid'::pg_catalog.regclass, ${regrole}, 'o'); ` +
    `end $hosted$;`
  )
}
