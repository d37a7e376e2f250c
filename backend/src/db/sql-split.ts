// Splits a SQL script into statements the way psql would see them: semicolons inside quotes,
// dollar-quoted bodies, comments and BEGIN ATOMIC … END bodies do not end a statement.

export function splitSqlStatements(script: string): string[] {
  return splitSqlStatementRanges(script).map((statement) => statement.text)
}

export interface StatementRange {
  /** The statement, trimmed (its semicolon included when it has one). */
  text: string
  /** Where `text` starts and ends in the script. */
  start: number
  end: number
}

/** The statements of a script with where each one is in it. */
export function splitSqlStatementRanges(script: string): StatementRange[] {
  const statements: StatementRange[] = []
  let start = 0
  let i = 0
  let atomicDepth = 0
  const n = script.length
  const push = (end: number) => {
    const raw = script.slice(start, end)
    const text = raw.trim()
    if (text === '' || isOnlyComments(text)) return
    const from = start + (raw.length - raw.trimStart().length)
    statements.push({ text, start: from, end: from + text.length })
  }
  while (i < n) {
    const c = script[i]
    const next = script[i + 1]
    if (c === '-' && next === '-') {
      const eol = script.indexOf('\n', i)
      i = eol === -1 ? n : eol + 1
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(script, i)
    } else if (c === "'") {
      const escaped = i > 0 && /[eE]/.test(script[i - 1] ?? '') && !/\w/.test(script[i - 2] ?? '')
      i = skipQuoted(script, i, "'", escaped)
    } else if (c === '"') {
      i = skipQuoted(script, i, '"', false)
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(i))
      if (tag && !/[\w$]/.test(script[i - 1] ?? '')) {
        const close = script.indexOf(tag[0], i + tag[0].length)
        i = close === -1 ? n : close + tag[0].length
      } else {
        i++
      }
    } else if (/[A-Za-z_]/.test(c ?? '')) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(script.slice(i))?.[0] ?? ''
      const lower = word.toLowerCase()
      if (lower === 'begin' && /^begin\s+atomic\b/i.test(script.slice(i))) {
        atomicDepth++
      } else if (lower === 'end' && atomicDepth > 0) {
        atomicDepth--
      } else if (lower === 'case' && atomicDepth > 0) {
        atomicDepth++
      }
      i += word.length
    } else if (c === ';' && atomicDepth === 0) {
      push(i + 1)
      start = i + 1
      i++
    } else {
      i++
    }
  }
  push(n)
  return statements
}

function skipBlockComment(script: string, from: number): number {
  let depth = 0
  let i = from
  while (i < script.length) {
    if (script[i] === '/' && script[i + 1] === '*') {
      depth++
      i += 2
    } else if (script[i] === '*' && script[i + 1] === '/') {
      depth--
      i += 2
      if (depth === 0) return i
    } else {
      i++
    }
  }
  return i
}

function skipQuoted(
  script: string,
  from: number,
  quote: string,
  backslashEscapes: boolean
): number {
  let i = from + 1
  while (i < script.length) {
    const c = script[i]
    if (backslashEscapes && c === '\\') {
      i += 2
    } else if (c === quote) {
      if (script[i + 1] === quote) i += 2
      else return i + 1
    } else {
      i++
    }
  }
  return i
}

function isOnlyComments(text: string): boolean {
  return (
    text
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/;/g, '')
      .trim() === ''
  )
}

/** How many characters of a statement are comments (and blanks) before its first word. */
export function leadingCommentsLength(text: string): number {
  let i = 0
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++
    if (text.startsWith('--', i)) {
      const eol = text.indexOf('\n', i)
      i = eol === -1 ? text.length : eol + 1
    } else if (text.startsWith('/*', i)) {
      i = skipBlockComment(text, i)
    } else {
      return i
    }
  }
}
