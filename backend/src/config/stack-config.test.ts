import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { loadProjectConfig, parseProjectConfig, withStackKeys } from './project-config.ts'
import type { ProjectConfig } from './project-config.ts'
import { parseStackConfig } from './stack-config.ts'

const applyStackConfig = (config: ProjectConfig, text: string, file: string) =>
  withStackKeys(config, parseStackConfig(text, file))

const REPO = path.resolve(import.meta.dirname, '../../..')

describe('chorus.toml, the stack-only keys', () => {
  const base = parseProjectConfig('project_id = "x"\n', '/tmp/x')

  it('sets private_only and update_password_require_current_password', () => {
    const config = applyStackConfig(
      base,
      '[realtime]\nprivate_only = true\n[auth.email]\nupdate_password_require_current_password = true\n',
      'chorus.toml'
    )
    expect(config.realtime.privateOnly).toBe(true)
    expect(config.auth.email.updatePasswordRequireCurrentPassword).toBe(true)
  })

  it('caps signed URLs at [storage] signed_url_max_expiry, 7 days when unset', () => {
    expect(base.storage.signedUrlMaxExpiry).toBe(7 * 24 * 3600)
    const config = applyStackConfig(base, '[storage]\nsigned_url_max_expiry = "10m"\n', 'f')
    expect(config.storage.signedUrlMaxExpiry).toBe(600)
    expect(config.storage.fileSizeLimit).toBe(base.storage.fileSizeLimit)
    expect(() =>
      applyStackConfig(base, '[storage]\nsigned_url_max_expiry = "500ms"\n', 'chorus.toml')
    ).toThrow(/^chorus\.toml:2: \[storage\] signed_url_max_expiry must be at least "1s"/)
    expect(() =>
      applyStackConfig(base, '[storage]\nsigned_url_max_expiry = "7 days"\n', 'chorus.toml')
    ).toThrow(/signed_url_max_expiry must be a duration/)
    expect(() =>
      applyStackConfig(base, '[storage]\nfile_size_limit = "1MiB"\n', 'chorus.toml')
    ).toThrow(/\[storage\] file_size_limit is not a key of chorus\.toml/)
  })

  it("wins over config.toml's, and leaves the rest as config.toml has it", () => {
    const old = parseProjectConfig(
      '[realtime]\nprivate_only = true\n[auth.email]\nenable_confirmations = true\n',
      '/tmp/x'
    )
    const config = applyStackConfig(old, '[realtime]\nprivate_only = false\n', 'chorus.toml')
    expect(config.realtime.privateOnly).toBe(false)
    expect(config.auth.email.enableConfirmations).toBe(true)
  })

  it('refuses a key that is not its own, with the line', () => {
    expect(() =>
      applyStackConfig(base, '[realtime]\nprivate_only = true\nenabled = false\n', 'chorus.toml')
    ).toThrow(/^chorus\.toml:3: \[realtime\] enabled is not a key of chorus\.toml/)
    expect(() => applyStackConfig(base, '[api]\nport = 1\n', 'chorus.toml')).toThrow(
      /api is not a key of chorus\.toml/
    )
    expect(() =>
      applyStackConfig(base, '[realtime]\nprivate_only = "yes"\n', 'chorus.toml')
    ).toThrow(/private_only must be/)
  })

  it("keeps the repository's config.toml the CLI's: the stack-only keys are in chorus.toml", async () => {
    const cli = parse(await readFile(path.join(REPO, 'supabase', 'config.toml'), 'utf8')) as {
      realtime?: Record<string, unknown>
      auth?: { email?: Record<string, unknown> }
    }
    expect(cli.realtime).not.toHaveProperty('private_only')
    expect(cli.auth?.email).not.toHaveProperty('update_password_require_current_password')
    const config = await loadProjectConfig(REPO)
    expect(config.realtime.privateOnly).toBe(true)
    expect(config.auth.email.updatePasswordRequireCurrentPassword).toBe(true)
  })
})
