// The errors Chorus's SQL raises, read from the functions as the database holds them (issue 51,
// item 2): each `RAISE` that ends the statement with an error, with its SQLSTATE and the Chorus
// code it carries in DETAIL. Read from pg_proc, so a function a later migration replaced is
// checked as it now is, not as it once was written.
import type { Sql } from 'postgres'

export interface RaisedError {
  /** The function, as `regprocedure` prints it. */
  fn: string
  /** The statement, from RAISE to its semicolon, on one line. */
  statement: string
  errcode: string | null
  /** The literal DETAIL, when the statement sets one. */
  detail: string | null
}

/** A Chorus error code: what went wrong, in snake_case of two words or more, as Supabase Auth's
 *  codes are (`message_too_long`, `reauthentication_needed`). */
export const CODE_SHAPE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/

/** Every error-raising statement of the plpgsql functions in `public` and `private`. */
export async function raisedErrors(sql: Sql): Promise<RaisedError[]> {
  const rows = await sql<{ fn: string; src: string }[]>`
    select p.oid::regprocedure::text as fn, p.prosrc as src
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_language l on l.oid = p.prolang
     where n.nspname in ('public', 'private') and l.lanname = 'plpgsql'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
     order by 1`
  return rows.flatMap(({ fn, src }) =>
    raiseStatements(src)
      .filter(isError)
      .map((statement) => ({
        fn,
        statement,
        errcode: option(statement, 'errcode'),
        detail: option(statement, 'detail'),
      }))
  )
}

/** The RAISE statements of a plpgsql body, comments and string literals respected. */
export function raiseStatements(src: string): string[] {
  const found: string[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]
    if (c === "'") i = skipQuoted(src, i)
    else if (c === '-' && src[i + 1] === '-') i = lineEnd(src, i)
    else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i + 2) + 2 || src.length
    else if (/^raise\b/i.test(src.slice(i, i + 6)) && !/\w/.test(src[i - 1] ?? '')) {
      const end = statementEnd(src, i)
      found.push(src.slice(i, end).replace(/\s+/g, ' ').trim())
      i = end
    } else i += 1
  }
  return found
}

function isError(statement: string): boolean {
  const level = /^raise\s+(\w+)/i.exec(statement)?.[1]?.toLowerCase()
  // No level, a condition name or SQLSTATE, or EXCEPTION: an error. The others only log.
  return !['debug', 'log', 'info', 'notice', 'warning'].includes(level ?? '')
}

function option(statement: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*'((?:[^']|'')*)'`, 'i').exec(statement)
  return match?.[1] === undefined ? null : match[1].replace(/''/g, "'")
}

function skipQuoted(src: string, i: number): number {
  let j = i + 1
  while (j < src.length) {
    if (src[j] === "'" && src[j + 1] === "'") j += 2
    else if (src[j] === "'") return j + 1
    else j += 1
  }
  return j
}

function lineEnd(src: string, i: number): number {
  const end = src.indexOf('\n', i)
  return end === -1 ? src.length : end
}

function statementEnd(src: string, i: number): number {
  let j = i
  while (j < src.length) {
    if (src[j] === "'") j = skipQuoted(src, j)
    else if (src[j] === ';') return j + 1
    else j += 1
  }
  return j
}
