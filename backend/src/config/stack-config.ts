// supabase/chorus.toml: the settings of the local stack that the Supabase CLI's config.toml does
// not define, in a file of the stack's own, so that config.toml stays the CLI's alone (the real
// CLI loads it with no warning; supabase/tests/supabase-cli.test.ts). Same tables and keys as a
// config.toml would have them:
//   [realtime] private_only: the hosted tenant's private_only (public channels refused)
//   [auth.email] update_password_require_current_password: GoTrue's
//     Security.UpdatePasswordRequireCurrentPassword
//   [edge_runtime] background_functions, background_memory: the Edge Functions that run in a
//     process of their own at a lower CPU priority, with a heap cap (functions/background.ts)
//   [storage] signed_url_max_expiry: the longest a signed download URL may live (a duration, at
//     least 1s; default 7 days); a longer expiresIn is cut to it (hosted Storage has no such cap)
// A key here wins over the same key in config.toml (which older projects may still carry, and
// which the stack still reads); any other key is refused with its line.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse, TomlError } from 'smol-toml'
import { ConfigError } from './config-error.ts'
import { Reader } from './reader.ts'
import type { Table } from './reader.ts'

export const STACK_CONFIG_FILE = 'chorus.toml'

const KNOWN: Record<string, string[]> = {
  realtime: ['private_only'],
  'auth.email': ['update_password_require_current_password'],
  edge_runtime: ['background_functions', 'background_memory'],
  storage: ['signed_url_max_expiry'],
}

/** What chorus.toml sets; null: not set there (config.toml's value, or the default, holds). */
export interface StackKeys {
  privateOnly: boolean | null
  updatePasswordRequireCurrentPassword: boolean | null
  backgroundFunctions: string[] | null
  /** Bytes. */
  backgroundMemory: number | null
  /** Seconds. */
  signedUrlMaxExpiry: number | null
}

/** supabase/chorus.toml of the project folder `supabaseDir`; nothing set when there is none. */
export async function readStackConfig(supabaseDir: string): Promise<StackKeys> {
  const file = path.join(supabaseDir, STACK_CONFIG_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') {
      return {
        privateOnly: null,
        updatePasswordRequireCurrentPassword: null,
        backgroundFunctions: null,
        backgroundMemory: null,
        signedUrlMaxExpiry: null,
      }
    }
    throw new ConfigError(`cannot read the file (${code ?? String(error)})`, file)
  }
  return parseStackConfig(text, file)
}

/** Pure: chorus.toml's text; a key it does not hold, or a value of the wrong kind, is refused. */
export function parseStackConfig(text: string, file: string): StackKeys {
  let doc: Table
  try {
    doc = parse(text) as Table
  } catch (error) {
    if (error instanceof TomlError) {
      throw new ConfigError(`invalid TOML: ${error.message.split('\n')[0]}`, file, error.line)
    }
    throw error
  }
  const read = new Reader(doc, text, file)
  refuseUnknown(doc, '', read, file)
  return {
    privateOnly: read.optional('realtime', 'private_only', 'boolean'),
    updatePasswordRequireCurrentPassword: read.optional(
      'auth.email',
      'update_password_require_current_password',
      'boolean'
    ),
    backgroundFunctions: read.optional('edge_runtime', 'background_functions', 'strings'),
    backgroundMemory: read.optional('edge_runtime', 'background_memory', 'size'),
    signedUrlMaxExpiry: signedUrlMaxExpiry(read, file),
  }
}

/** [storage] signed_url_max_expiry in whole seconds; under a second is refused. */
function signedUrlMaxExpiry(read: Reader, file: string): number | null {
  const ms = read.optional('storage', 'signed_url_max_expiry', 'duration')
  if (ms === null) return null
  if (ms < 1000) {
    throw new ConfigError(
      '[storage] signed_url_max_expiry must be at least "1s" (e.g. "168h" for 7 days)',
      file,
      read.lineOf('storage', 'signed_url_max_expiry')
    )
  }
  return Math.floor(ms / 1000)
}

function refuseUnknown(table: Table, section: string, read: Reader, file: string): void {
  for (const [key, value] of Object.entries(table)) {
    const dotted = section === '' ? key : `${section}.${key}`
    const isTable = typeof value === 'object' && value !== null && !Array.isArray(value)
    if (
      isTable &&
      Object.keys(KNOWN).some((known) => known === dotted || known.startsWith(`${dotted}.`))
    ) {
      refuseUnknown(value as Table, dotted, read, file)
      continue
    }
    if (!isTable && KNOWN[section]?.includes(key)) continue
    const known = Object.entries(KNOWN)
      .flatMap(([s, keys]) => keys.map((k) => `[${s}] ${k}`))
      .join(', ')
    throw new ConfigError(
      `${section === '' ? key : `[${section}] ${key}`} is not a key of ${STACK_CONFIG_FILE} ` +
        `(it holds ${known}; the Supabase CLI's keys go in config.toml)`,
      file,
      read.lineOf(section, key)
    )
  }
}
