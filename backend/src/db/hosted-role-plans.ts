// What supautils does with role statements of the privileged role (hosted-privileges.ts): a reserved
// role is never created, altered, renamed or dropped, nor granted to, and a reserved membership is
// never granted; ALTER ROLE of an ordinary role runs as the superuser, of a privileged one or to
// (no)superuser it is refused with PostgreSQL's message.
import { isReservedRole, PRIVILEGED_ROLE, RESERVED_MEMBERSHIPS } from './supautils-config.ts'
import {
  check,
  IDENT,
  literal,
  re,
  reserved,
  reservedMembership,
  roleName,
  splitList,
  stripLiterals,
  unquote,
} from './hosted-sql.ts'
import type { Plan, Refusal } from './hosted-sql.ts'

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

export function rolePlan(body: string, role: string): Plan | null {
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
