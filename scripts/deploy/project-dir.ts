// The Supabase project folder the CLI is run in (--workdir): Chorus's supabase/ with a
// config.toml made for the hosted project. The CLI's `config push` sends [api], [db], [auth] and
// [storage] of that file; values that differ per project (site URL, redirect URLs, WebAuthn's
// relying party, the SMTP server Auth sends through) are written into it here, so the committed
// config.toml keeps serving the local stack. The SMTP password stays in the environment:
// `pass = "env(SMTP_PASS)"` is read by the CLI when it pushes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse, stringify } from 'smol-toml'
import type { DeployInputs } from './inputs.ts'

type Table = Record<string, unknown>

/** The folders of supabase/ the CLI reads when it deploys (seed.sql and tests/ stay behind). */
export const COPIED = ['migrations', 'functions', 'templates'] as const

function table(parent: Table, key: string): Table {
  const value = parent[key]
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Table
  const made: Table = {}
  parent[key] = made
  return made
}

/** "Chorus <chorus@example.com>" -> name and address. */
export function splitFrom(from: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from)
  if (match) return { name: match[1]!.trim() || 'Chorus', address: match[2]!.trim() }
  return { name: 'Chorus', address: from.trim() }
}

export function hostedConfig(localConfigText: string, inputs: DeployInputs): string {
  const config = parse(localConfigText) as Table
  const site = new URL(inputs.siteUrl)

  // The demo seed is for a local database only (db push applies it only with --include-seed).
  table(table(config, 'db'), 'seed').enabled = false

  const auth = table(config, 'auth')
  auth.site_url = inputs.siteUrl
  auth.additional_redirect_urls = [inputs.siteUrl, `${inputs.siteUrl}/**`]
  const webauthn = table(auth, 'webauthn')
  webauthn.rp_id = site.hostname
  webauthn.rp_origins = [site.origin]

  const from = splitFrom(inputs.smtp.from)
  table(auth, 'email').smtp = {
    enabled: true,
    host: inputs.smtp.host,
    port: Number(inputs.smtp.port),
    user: inputs.smtp.user,
    pass: 'env(SMTP_PASS)',
    admin_email: from.address,
    sender_name: from.name,
  }

  // Local only: the mail inbox, and the functions' local secrets (`secrets set` sends the
  // hosted ones).
  delete config.local_smtp
  delete config.inbucket
  // Realtime's "private channels only" is the hosted dashboard's "Allow public access" (the
  // tenant's private_only), not a key of the CLI's config.toml: Chorus keeps it in
  // supabase/chorus.toml, which is not deployed; a config.toml that still carries it has it left
  // out here, and it is set on the project (docs/hosted.md (Deploy)).
  const realtime = config.realtime as Table | undefined
  if (realtime) delete realtime.private_only
  // The same for [auth.email] update_password_require_current_password: GoTrue's
  // Security.UpdatePasswordRequireCurrentPassword, which a hosted project takes through the
  // Management API's auth config (security_update_password_require_current_password;
  // docs/hosted.md (Deploy)), not through the CLI's config.toml.
  delete table(auth, 'email').update_password_require_current_password
  // [storage] file_size_limit is 2 GiB locally, for the Slack import's archives (issue 49); a
  // hosted project keeps its own (the dashboard's Storage settings: at most 50 MB on the free
  // plan, where a bigger one would refuse the push), raised there by its owner on a paid plan.
  const storage = config.storage as Table | undefined
  if (storage) delete storage.file_size_limit
  const runtime = config.edge_runtime as Table | undefined
  if (runtime) {
    delete runtime.secrets
    if (Object.keys(runtime).length === 0) delete config.edge_runtime
  }

  return (
    '# Made by `npm run deploy` from supabase/config.toml for the hosted project ' +
    `${inputs.projectRef}; do not edit (it is written again on every deploy).\n` +
    stringify(config) +
    '\n'
  )
}

export function readLocalConfig(root: string): string {
  return readFileSync(path.join(root, 'supabase', 'config.toml'), 'utf8')
}
