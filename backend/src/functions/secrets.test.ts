import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProjectConfig } from '../config/project-config.ts'
import { createLogger } from '../logger.ts'
import { productionSecrets, readFunctionSecrets } from './secrets.ts'
import { temporaryFolders } from '../../test/support/temp-folders.ts'

const folders = temporaryFolders()

const log = createLogger('silent')
const SMTP = `[auth.email.smtp]
host = "smtp.example.com"
port = 587
user = "chorus"
pass = "secret"
admin_email = "no-reply@chat.example.com"
sender_name = "Chorus"
`

async function project(env?: string): Promise<string> {
  const workdir = await folders.make('function-secrets-')
  await mkdir(path.join(workdir, 'supabase', 'functions'), { recursive: true })
  if (env !== undefined) await writeFile(path.join(workdir, 'supabase', 'functions', '.env'), env)
  return workdir
}

function doc(secrets: Record<string, string>): Record<string, unknown> {
  return { edge_runtime: { secrets } }
}

describe('readFunctionSecrets under serve', () => {
  it("gives [auth.email.smtp] and the public URL over config.toml's local-inbox values", async () => {
    const workdir = await project()
    const config = parseProjectConfig(SMTP, workdir)
    const production = productionSecrets(config, 'https://chat.example.com')
    const dev = { SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325', SMTP_FROM: 'x <x@chorus.local>' }
    const secrets = readFunctionSecrets(
      config.supabaseDir,
      doc({ ...dev, APP_URL: 'http://127.0.0.1:3000', OTHER: 'kept' }),
      log,
      production
    )
    expect(Object.fromEntries(secrets)).toEqual({
      APP_URL: 'https://chat.example.com',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '587',
      SMTP_USER: 'chorus',
      SMTP_PASS: 'secret',
      SMTP_FROM: 'Chorus <no-reply@chat.example.com>',
      OTHER: 'kept',
    })
  })

  it("gives [auth.email.smtp] over Chorus's config.toml, whose env(INBUCKET_SMTP_PORT) serve leaves empty", async () => {
    delete process.env.INBUCKET_SMTP_PORT
    const workdir = await project()
    const config = parseProjectConfig(SMTP, workdir)
    const production = productionSecrets(config, 'https://chat.example.com')
    // supabase/config.toml's lines; serve has no inbox, so the stack names no INBUCKET_SMTP_PORT.
    const chorus = { SMTP_HOST: '127.0.0.1', SMTP_PORT: 'env(INBUCKET_SMTP_PORT)' }
    const secrets = readFunctionSecrets(config.supabaseDir, doc(chorus), log, production, {})
    expect(secrets.get('SMTP_HOST')).toBe('smtp.example.com')
    expect(secrets.get('SMTP_PORT')).toBe('587')
    expect(secrets.get('SMTP_USER')).toBe('chorus')
  })

  it('refuses, in one line, an SMTP_PORT for the functions that is not a port number', async () => {
    delete process.env.CHORUS_TEST_UNSET_PORT
    const workdir = await project()
    const config = parseProjectConfig(SMTP, workdir)
    const production = productionSecrets(config, 'https://chat.example.com')
    const read = () =>
      readFunctionSecrets(
        config.supabaseDir,
        doc({ SMTP_HOST: 'relay.example.com', SMTP_PORT: 'env(CHORUS_TEST_UNSET_PORT)' }),
        log,
        production
      )
    expect(read).toThrow(/^The Edge Functions' SMTP_PORT is "", not a port number/)
    expect(read).toThrow(expect.objectContaining({ name: 'ServeError' }))
  })

  it('keeps SMTP secrets of config.toml that name another server, and functions/.env wins', async () => {
    const workdir = await project('APP_URL=https://other.example.com\nSMTP_PASS=from-env\n')
    const config = parseProjectConfig(SMTP, workdir)
    const production = productionSecrets(config, 'https://chat.example.com')
    const secrets = readFunctionSecrets(
      config.supabaseDir,
      doc({ SMTP_HOST: 'relay.example.com', SMTP_PORT: '2525' }),
      log,
      production
    )
    expect(secrets.get('SMTP_HOST')).toBe('relay.example.com')
    expect(secrets.get('SMTP_PORT')).toBe('2525')
    expect(secrets.get('SMTP_PASS')).toBe('from-env')
    expect(secrets.get('APP_URL')).toBe('https://other.example.com')
  })

  it("gives the settings file's values (serve's server secrets) over config.toml and functions/.env", async () => {
    const workdir = await project('CHORUS_OUTBOUND_ALLOW=10.9.0.0/16\n')
    const config = parseProjectConfig(SMTP, workdir)
    const secrets = readFunctionSecrets(
      config.supabaseDir,
      doc({ CHORUS_OUTBOUND_ALLOW: '192.0.2.1' }),
      log,
      productionSecrets(config, 'https://chat.example.com'),
      {},
      [['CHORUS_OUTBOUND_ALLOW', '10.1.2.0/24']]
    )
    expect(secrets.get('CHORUS_OUTBOUND_ALLOW')).toBe('10.1.2.0/24')
  })

  it('leaves start alone: config.toml as written', async () => {
    const workdir = await project()
    const config = parseProjectConfig(SMTP, workdir)
    const secrets = readFunctionSecrets(
      config.supabaseDir,
      doc({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325' }),
      log
    )
    expect(Object.fromEntries(secrets)).toEqual({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325' })
  })
})
