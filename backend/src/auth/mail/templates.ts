// The email templates: GoTrue's defaults, overridden per kind by [auth.email.template.<kind>]
// (subject and content_path), rendered with the variables GoTrue passes ({{ .ConfirmationURL }},
// {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .RedirectTo }}, {{ .Email }}, {{ .NewEmail }},
// {{ .SendingTo }}, {{ .Data.<key> }}). Values are HTML-escaped as Go's html/template escapes them
// in text. Of Go's template language, the part Chorus's templates use (supabase/templates/: one
// language a branch, by the user's metadata): {{ if eq .Data.language "de" }} … {{ else if … }}
// … {{ else }} … {{ end }}, and {{- / -}} trimming. Anything else is a TemplateError naming the
// template, the line and the problem, at start.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ProjectConfig } from '../../config/project-config.ts'

export type MailKind =
  'confirmation' | 'invite' | 'magic_link' | 'recovery' | 'email_change' | 'reauthentication'

export interface MailTemplate {
  subject: string
  content: string
}

export const DEFAULT_TEMPLATES: Record<MailKind, MailTemplate> = {
  confirmation: {
    subject: 'Confirm Your Email',
    content: `<h2>Confirm your email</h2>

<p>Follow this link to confirm your email:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>
`,
  },
  invite: {
    subject: 'You have been invited',
    content: `<h2>You have been invited</h2>

<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  magic_link: {
    subject: 'Your Magic Link',
    content: `<h2>Magic Link</h2>

<p>Follow this link to login:</p>
<p><a href="{{ .ConfirmationURL }}">Log In</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  recovery: {
    subject: 'Reset Your Password',
    content: `<h2>Reset password</h2>

<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  email_change: {
    subject: 'Confirm Email Change',
    content: `<h2>Confirm email address change</h2>

<p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p>
<p><a href="{{ .ConfirmationURL }}">Change email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    content: `<h2>Confirm reauthentication</h2>

<p>Enter the code: {{ .Token }}</p>`,
  },
}

/** The templates of a project: defaults with config.toml's overrides. Read once at start. */
export function loadTemplates(config: ProjectConfig): Record<MailKind, MailTemplate> {
  const out = { ...DEFAULT_TEMPLATES }
  for (const kind of Object.keys(DEFAULT_TEMPLATES) as MailKind[]) {
    const override = config.auth.email.template[kind]
    if (!override) continue
    let content = out[kind].content
    if (override.contentPath) {
      content = readFileSync(resolveTemplatePath(config, override.contentPath), 'utf8')
    }
    const template = { subject: override.subject ?? out[kind].subject, content }
    for (const [part, text] of [
      ['subject', template.subject],
      [override.contentPath ?? 'content', template.content],
    ] as const) {
      try {
        checkTemplate(text)
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error
        throw new TemplateError(`[auth.email.template.${kind}] ${part}: ${error.message}`)
      }
    }
    out[kind] = template
  }
  return out
}

/**
 * content_path is relative to the supabase folder here, but the CLI's documented examples write
 * "./supabase/templates/x.html" (relative to the project): accept both.
 */
function resolveTemplatePath(config: ProjectConfig, resolved: string): string {
  if (existsSync(resolved)) return resolved
  const fromProject = path.resolve(config.workdir, path.relative(config.supabaseDir, resolved))
  if (existsSync(fromProject)) return fromProject
  throw new Error(`email template not found: ${resolved}`)
}

export type TemplateData = Record<string, unknown>

/** A template outside the part of Go's templates read here, or one Go would refuse to run. */
export class TemplateError extends Error {
  override name = 'TemplateError'
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string)
}

function lookup(data: TemplateData, dotted: string): unknown {
  let node: unknown = data
  for (const part of dotted.split('.').filter((p) => p !== '')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

function display(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** `eq .Field "text"`: the condition of an if, the only one the templates use. */
interface Test {
  field: string
  literal: string
  line: number
}

type Node =
  string | { field: string } | { branches: { test: Test | null; body: Node[] }[]; line: number }

const FIELD = /^\.(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)?$/
const TEST = /^eq\s+(\.\S*)\s+("(?:[^"\\]|\\.)*")$/
const SPACE = /^[ \t\r\n]/
const SUBSET =
  'the templates may use {{ .Field }}, {{ if eq .Field "text" }}, {{ else if eq .Field "text" }}, ' +
  '{{ else }} and {{ end }}, with {{- and -}} to trim spaces'

function testOf(source: string, line: number): Test {
  const match = TEST.exec(source)
  if (!match || !FIELD.test(match[1] as string)) {
    throw new TemplateError(`line ${line}: unsupported condition "${source}": ${SUBSET}`)
  }
  let literal: unknown
  try {
    literal = JSON.parse(match[2] as string)
  } catch {
    throw new TemplateError(`line ${line}: bad string ${match[2]} in "${source}"`)
  }
  return { field: (match[1] as string).slice(1), literal: literal as string, line }
}

/** The actions' text and the text between them, as Go's lexer cuts them (trim markers applied). */
function lex(template: string): ({ action: string; line: number } | string)[] {
  const out: ({ action: string; line: number } | string)[] = []
  let at = 0
  let trimNext = false
  while (at <= template.length) {
    const open = template.indexOf('{{', at)
    let text = template.slice(at, open === -1 ? undefined : open)
    if (trimNext) text = text.replace(/^[ \t\r\n]+/, '')
    if (open === -1) {
      out.push(text)
      break
    }
    const line = template.slice(0, open).split('\n').length
    let start = open + 2
    if (template[start] === '-' && SPACE.test(template.slice(start + 1, start + 2))) {
      text = text.replace(/[ \t\r\n]+$/, '')
      start += 1
    }
    out.push(text)
    // The action ends at the first }} outside a quoted string.
    let end = start
    while (end < template.length && !template.startsWith('}}', end)) {
      if (template[end] === '"') {
        end += 1
        while (end < template.length && template[end] !== '"' && template[end] !== '\n') {
          end += template[end] === '\\' ? 2 : 1
        }
      }
      end += 1
    }
    if (end >= template.length) throw new TemplateError(`line ${line}: unclosed action "{{"`)
    let action = template.slice(start, end)
    trimNext = /[ \t\r\n]-$/.test(action)
    if (trimNext) action = action.slice(0, -1)
    out.push({ action: action.trim(), line })
    at = end + 2
  }
  return out
}

/** A template's tree; a TemplateError naming the line and the problem when it is malformed. */
function parse(template: string): Node[] {
  const root: Node[] = []
  const open: { branches: { test: Test | null; body: Node[] }[]; line: number }[] = []
  const body = () => open.at(-1)?.branches.at(-1)?.body ?? root
  for (const token of lex(template)) {
    if (typeof token === 'string') {
      if (token !== '') body().push(token)
      continue
    }
    const { action, line } = token
    const branch = /^else(?:\s+if\s+(.*))?$/s.exec(action)
    if (FIELD.test(action)) body().push({ field: action.slice(1) })
    else if (/^if\s/.test(action)) {
      const node = { branches: [{ test: testOf(action.slice(3).trim(), line), body: [] }], line }
      body().push(node)
      open.push(node)
    } else if (branch) {
      const current = open.at(-1)
      const word = branch[1] === undefined ? '{{ else }}' : '{{ else if }}'
      if (!current) throw new TemplateError(`line ${line}: ${word} with no {{ if }} before it`)
      if (current.branches.at(-1)?.test === null) {
        throw new TemplateError(
          `line ${line}: ${word} after the {{ else }} of line ${current.line}'s {{ if }}`
        )
      }
      const test = branch[1] === undefined ? null : testOf(branch[1].trim(), line)
      current.branches.push({ test, body: [] })
    } else if (action === 'end') {
      if (!open.pop()) throw new TemplateError(`line ${line}: {{ end }} with no {{ if }} before it`)
    } else {
      throw new TemplateError(`line ${line}: unsupported action "{{ ${action} }}": ${SUBSET}`)
    }
  }
  const unclosed = open.at(-1)
  if (unclosed) throw new TemplateError(`line ${unclosed.line}: {{ if }} with no {{ end }}`)
  return root
}

/** Go's eq of a field and a string: false for a missing or null field, an error for another type. */
function equals(data: TemplateData, test: Test): boolean {
  const value = lookup(data, test.field)
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value === test.literal
  const problem =
    typeof value === 'object' ? 'uncomparable type' : 'incompatible types for comparison'
  throw new TemplateError(`line ${test.line}: error calling eq: ${problem} (.${test.field})`)
}

function run(nodes: Node[], data: TemplateData, escape: boolean, out: string[]): void {
  for (const node of nodes) {
    if (typeof node === 'string') out.push(node)
    else if ('field' in node) {
      const text = display(lookup(data, node.field))
      out.push(escape ? escapeHtml(text) : text)
    } else {
      const taken = node.branches.find((b) => b.test === null || equals(data, b.test))
      if (taken) run(taken.body, data, escape, out)
    }
  }
}

const parsed = new Map<string, Node[]>()

/** Checks a template once, as loadTemplates does at start: a TemplateError when it is malformed. */
export function checkTemplate(template: string): void {
  if (!parsed.has(template)) parsed.set(template, parse(template))
}

/**
 * Renders the part of Go's templates that Chorus's use, as GoTrue renders it: {{ .Path }}
 * (values HTML-escaped, `escape` off for subjects), {{ if eq .Path "text" }} … {{ else if eq …
 * }} … {{ else }} … {{ end }}, and {{- / -}} trimming the spaces and newlines beside them.
 */
export function renderTemplate(template: string, data: TemplateData, escape = true): string {
  checkTemplate(template)
  const out: string[] = []
  run(parsed.get(template) as Node[], data, escape, out)
  return out.join('')
}
