// The SQL pieces of the supautils emulation (hosted-privileges.ts): what a plan for one statement
// says (run elevated, refuse with supautils' message, checks before and after), the identifier
// patterns the plans match statements with, and the refusals and checks as SQL.
import { leadingCommentsLength } from './sql-split.ts'

export interface Refusal {
  message: string
  detail?: string
  /** SQLSTATE */
  code: string
}

export interface Plan {
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

export const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`
export const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`
export const SETTING = String.raw`${IDENT}(?:\s*\.\s*${IDENT})*`
export const re = (source: string) => new RegExp(source, 'i')

export function reserved(name: string): Refusal {
  return {
    message: `"${name}" is a reserved role, only superusers can modify it`,
    code: '42501',
  }
}

export function reservedMembership(name: string): Refusal {
  return {
    message: `"${name}" role memberships are reserved, only superusers can grant them`,
    code: '42501',
  }
}

export function raise(refusal: Refusal): string {
  const detail = refusal.detail === undefined ? '' : `, detail = ${literal(refusal.detail)}`
  return (
    `do $hosted$ begin raise exception using message = ${literal(refusal.message)}` +
    `${detail}, errcode = ${literal(refusal.code)}; end $hosted$;`
  )
}

/** Raises `refusal` unless `unless` holds, when it runs. */
export function check(unless: string, refusal: Refusal): string {
  return raise(refusal)
    .replace('begin raise', `begin if not (${unless}) then raise`)
    .replace('; end $hosted$;', '; end if; end $hosted$; ')
}

/** A role spec's name; current_user and the like are the migration role; null for ALL/PUBLIC. */
export function roleName(spec: string, role: string): string | null {
  const trimmed = spec.trim()
  if (/^(current_user|current_role|session_user)$/i.test(trimmed)) return role
  if (/^(all|public)$/i.test(trimmed)) return null
  return unquote(trimmed)
}

export function settingName(text: string): string {
  return text
    .split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map(unquote)
    .join('.')
}

/** Comma-separated names, commas inside double quotes kept. */
export function splitList(text: string): string[] {
  return (text.match(/(?:"(?:[^"]|"")*"|[^,])+/g) ?? []).map((s) => s.trim()).filter(Boolean)
}

export function withoutLeadingComments(text: string): string {
  return text.slice(leadingCommentsLength(text))
}

export function stripLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "''")
}

export function unquote(identifier: string): string {
  const trimmed = identifier.trim()
  return trimmed.startsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"') : trimmed.toLowerCase()
}

export function qualifiedName(text: string): string {
  const parts = text.split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(unquote)
  return parts.length === 2 ? `${parts[0]}.${parts[1]}` : (parts[0] ?? '')
}

export function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}
