// supabase/chorus.toml: the settings of the local stack that the Supabase CLI's config.toml does
// not define, in a file of the stack's own, so that config.toml stays the CLI's alone (the real
// CLI loads it with no warning; supabase/tests/supabase-cli.test.ts). Same tables and keys as a
// config.toml would have them:
//   [realtime] private_only: the hosted tenant's private_only (public channels refused)
//   [auth.email] update_password_require_current_password: GoTrue's
//     Security.UpdatePasswordRequireCurrentPassword
// A key here wins over the same key in config.toml (which older projects may still carry, and
// which the stack still reads); any other key is refused with its line.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse, TomlError } from 'smol-toml'
import { ConfigError } from './config-error.ts'
import type { ProjectConfig } from './project-config.ts'
import { Reader } from './reader.ts'
import type { Table } from './reader.ts'

export const STACK_CONFIG_FILE = 'chorus.toml'

const KNOWN: Record<string, string[]> = {
  realtime: ['private_only'],
  'auth.email': ['update_password_require_current_password'],
}

/** The project config with chorus.toml's keys applied (unchanged when there is no such file). */
export async function withStackConfig(config: ProjectConfig): Promise<ProjectConfig> {
  const file = path.join(config.supabaseDir, STACK_CONFIG_FILE)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return config
    throw new ConfigError(`cannot read the file (${code ?? String(error)})`, file)
  }
  return applyStackConfig(config, text, file)
}

/** Pure: chorus.toml's text over `config`. */
export function applyStackConfig(config: ProjectConfig, text: string, file: string): ProjectConfig {
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
  const privateOnly = read.optional('realtime', 'private_only', 'boolean')
  const requireCurrent = read.optional(
    'auth.email',
    'update_password_require_current_password',
    'boolean'
  )
  return {
    ...config,
    realtime: { ...config.realtime, privateOnly: privateOnly ?? config.realtime.privateOnly },
    auth: {
      ...config.auth,
      email: {
        ...config.auth.email,
        updatePasswordRequireCurrentPassword:
          requireCurrent ?? config.auth.email.updatePasswordRequireCurrentPassword,
      },
    },
  }
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
