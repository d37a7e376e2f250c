// The email templates: GoTrue's defaults, overridden per kind by [auth.email.template.<kind>]
// (subject and content_path), rendered with the variables GoTrue passes ({{ .ConfirmationURL }},
// {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .RedirectTo }}, {{ .Email }}, {{ .NewEmail }},
// {{ .Data.<key> }}). Values are HTML-escaped as Go's html/template escapes them in text.
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
    out[kind] = { subject: override.subject ?? out[kind].subject, content }
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

/** Substitutes {{ .Path }} actions; `escape` off for subjects (plain text). */
export function renderTemplate(template: string, data: TemplateData, escape = true): string {
  return template.replace(/\{\{-?\s*\.([A-Za-z0-9_.]*)\s*-?\}\}/g, (_match, dotted: string) => {
    const text = display(lookup(data, dotted))
    return escape ? escapeHtml(text) : text
  })
}
