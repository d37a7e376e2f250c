import { describe, expect, it } from 'vitest'
import { ConfigError, parseProjectConfig } from './project-config.ts'
import { parseDuration, parseSize } from './units.ts'

const parse = (text: string) =>
  parseProjectConfig(text, '/projects/demo', '/projects/demo/supabase/config.toml')

describe('parseProjectConfig', () => {
  it("reads [inbucket] smtp_port with the CLI's default, a free one beside a free inbox port", () => {
    expect(parse('').inbucket).toMatchObject({ port: 54324, smtpPort: 54325 })
    expect(parse('[inbucket]\nsmtp_port = 2525\n').inbucket.smtpPort).toBe(2525)
    expect(parse('[inbucket]\nport = 0\n').inbucket.smtpPort).toBe(0)
    expect(parse('[inbucket]\nport = 0\nsmtp_port = 2525\n').inbucket.smtpPort).toBe(2525)
    expect(() => parse('[inbucket]\nsmtp_port = 70000\n')).toThrow(
      '[inbucket] smtp_port must be a port number (0-65535)'
    )
  })

  it("reads the inbox from [local_smtp], the CLI's current name for [inbucket]", () => {
    const config = parse('[local_smtp]\nenabled = false\nport = 6000\nsmtp_port = 2525\n')
    expect(config.inbucket).toMatchObject({ enabled: false, port: 6000, smtpPort: 2525 })
    expect(() => parse('[local_smtp]\nport = 70000\n')).toThrow(
      '[local_smtp] port must be a port number (0-65535)'
    )
  })

  it('applies the Supabase CLI defaults to an empty file', () => {
    const config = parse('')
    expect(config.projectId).toBe('demo')
    expect(config.api).toEqual({
      enabled: true,
      port: 54321,
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
    })
    expect(config.db.port).toBe(54322)
    expect(config.db.seed.sqlPaths).toEqual(['/projects/demo/supabase/seed.sql'])
    expect(config.auth.siteUrl).toBe('http://127.0.0.1:3000')
    expect(config.auth.jwtExpiry).toBe(3600)
    expect(config.auth.jwtSecret).toBe('super-secret-jwt-token-with-at-least-32-characters-long')
    expect(config.auth.email.enableConfirmations).toBe(false)
    expect(config.auth.email.maxFrequency).toBe(1000)
    expect(config.auth.email.updatePasswordRequireCurrentPassword).toBe(false)
    expect(config.auth.rateLimit.emailSent).toBe(2)
    expect(config.storage.fileSizeLimit).toBe(50 * 1024 * 1024)
    expect(config.auth.email.smtp).toBeNull()
    expect(config.realtime).toEqual({
      enabled: true,
      ipVersion: 'IPv4',
      maxHeaderLength: 4096,
      privateOnly: false,
    })
  })

  it('reads the keys that apply and ignores unknown ones', () => {
    const config = parse(`
project_id = "chat"
unknown_top = 1
[api]
port = 6000
schemas = ["public", "api"]
max_rows = 50
mystery = "ignored"
[auth]
site_url = "http://localhost:5173"
additional_redirect_urls = ["http://localhost:5173/**"]
jwt_expiry = 600
enable_anonymous_sign_ins = true
signing_keys_path = "./signing_keys.json"
[auth.rate_limit]
email_sent = 10
[auth.email]
enable_confirmations = true
max_frequency = "1m30s"
update_password_require_current_password = true
[auth.email.template.invite]
subject = "Join us"
content_path = "./templates/invite.html"
[auth.email.smtp]
host = "smtp.example.com"
port = 2525
[storage]
file_size_limit = "5MB"
[storage.buckets.avatars]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/*"]
objects_path = "./avatars"
[realtime]
ip_version = "IPv6"
max_header_length = 8192
private_only = true
[unknown.section]
x = 1
`)
    expect(config.projectId).toBe('chat')
    expect(config.api.port).toBe(6000)
    expect(config.api.schemas).toEqual(['public', 'api'])
    expect(config.api.maxRows).toBe(50)
    expect(config.auth.siteUrl).toBe('http://localhost:5173')
    expect(config.auth.jwtExpiry).toBe(600)
    expect(config.auth.enableAnonymousSignIns).toBe(true)
    expect(config.auth.signingKeysPath).toBe('/projects/demo/supabase/signing_keys.json')
    expect(config.auth.rateLimit.emailSent).toBe(10)
    expect(config.auth.email.enableConfirmations).toBe(true)
    expect(config.auth.email.maxFrequency).toBe(90_000)
    // The local stack's key for GoTrue's UpdatePasswordRequireCurrentPassword (off by default).
    expect(config.auth.email.updatePasswordRequireCurrentPassword).toBe(true)
    expect(config.auth.email.template.invite).toEqual({
      subject: 'Join us',
      contentPath: '/projects/demo/supabase/templates/invite.html',
    })
    expect(config.auth.email.smtp).toMatchObject({ host: 'smtp.example.com', port: 2525 })
    expect(config.storage.fileSizeLimit).toBe(5_000_000)
    expect(config.realtime).toEqual({
      enabled: true,
      ipVersion: 'IPv6',
      maxHeaderLength: 8192,
      privateOnly: true,
    })
    expect(config.storage.buckets.avatars).toEqual({
      public: true,
      fileSizeLimit: 1024 * 1024,
      allowedMimeTypes: ['image/*'],
      objectsPath: '/projects/demo/supabase/avatars',
    })
  })

  it('substitutes env(NAME) references', () => {
    process.env.CHORUS_TEST_SITE = 'https://chat.example.com'
    expect(parse('[auth]\nsite_url = "env(CHORUS_TEST_SITE)"').auth.siteUrl).toBe(
      'https://chat.example.com'
    )
  })

  it('names the line of a TOML syntax error', () => {
    const error = captureError(() => parse('[api]\nport = 54321\nschemas = ["public"\n'))
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.line).toBe(4)
    expect(error.message).toMatch(/config\.toml:4: invalid TOML/)
  })

  it('names the line of a value of the wrong type', () => {
    const error = captureError(() => parse('[api]\nenabled = true\nport = "fast"\n'))
    expect(error.line).toBe(3)
    expect(error.message).toContain('[api] port must be a port number')
    const size = captureError(() => parse('[storage]\n\nfile_size_limit = "huge"\n'))
    expect(size.line).toBe(3)
  })

  it('takes only the address families the CLI knows, and no negative header length', () => {
    const family = captureError(() => parse('[realtime]\nip_version = "ipv6"\n'))
    expect(family.message).toBe(
      '/projects/demo/supabase/config.toml:2: [realtime] ip_version must be one of [IPv6 IPv4]'
    )
    const length = captureError(() => parse('[realtime]\n\nmax_header_length = -1\n'))
    expect(length.line).toBe(3)
    expect(length.message).toContain('[realtime] max_header_length must not be negative')
  })
})

describe('units', () => {
  it('parses sizes the way the CLI writes them', () => {
    expect(parseSize('50MiB')).toBe(52_428_800)
    expect(parseSize('5MB')).toBe(5_000_000)
    expect(parseSize('1024')).toBe(1024)
    expect(parseSize('1.5KiB')).toBe(1536)
    expect(parseSize('12 parsecs')).toBeNull()
  })

  it('parses Go durations', () => {
    expect(parseDuration('1s')).toBe(1000)
    expect(parseDuration('1h30m')).toBe(5_400_000)
    expect(parseDuration('250ms')).toBe(250)
    expect(parseDuration('soon')).toBeNull()
  })
})

function captureError(fn: () => unknown): ConfigError {
  try {
    fn()
  } catch (error) {
    return error as ConfigError
  }
  throw new Error('expected an error')
}
