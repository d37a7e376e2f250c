import { describe, expect, it } from 'vitest'
import { parseProjectConfig } from '../config/project-config.ts'
import { parsePublicUrl, parseTrustedProxy, serveConfig } from './config.ts'

const SMTP = `[auth.email.smtp]
host = "smtp.example.com"
`

describe('serve configuration', () => {
  it('takes an http(s) origin as the public URL, and says what is wrong with anything else', () => {
    expect(parsePublicUrl('https://chat.example.com/')).toBe('https://chat.example.com')
    expect(parsePublicUrl('http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080')
    expect(() => parsePublicUrl('chat.example.com')).toThrow(/is not a URL/)
    expect(() => parsePublicUrl('https://example.com/chat')).toThrow(/without a path/)
    expect(() => parsePublicUrl('https://example.com/?a=1')).toThrow(/query/)
  })

  it('takes addresses, CIDR ranges and proxy-addr range names as trusted proxies', () => {
    for (const ok of ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8', 'loopback', 'uniquelocal']) {
      expect(parseTrustedProxy(ok)).toBe(ok)
    }
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/', '1.2.3.4/8/9', '']) {
      expect(() => parseTrustedProxy(bad)).toThrow(/is not an address or CIDR range/)
    }
  })

  it('puts the site and redirects on the public URL, turns off the inbox and the seed', () => {
    const config = parseProjectConfig(
      `${SMTP}[auth]
additional_redirect_urls = ["http://127.0.0.1:3000/**", "https://app.example.org/**"]
[auth.webauthn]
rp_id = "localhost"
rp_origins = ["http://localhost:3000"]
`,
      '/project'
    )
    const served = serveConfig(config, { publicUrl: 'https://chat.example.com', noSignup: true })
    expect(served.auth.siteUrl).toBe('https://chat.example.com')
    expect(served.auth.additionalRedirectUrls).toEqual([
      'https://chat.example.com',
      'https://chat.example.com/**',
      'https://app.example.org/**',
    ])
    expect(served.auth.enableSignup).toBe(false)
    expect(served.inbucket.enabled).toBe(false)
    expect(served.db.seed.enabled).toBe(false)
    expect(served.auth.mfa.webAuthnRp).toMatchObject({ rpId: '', rpOrigins: [] })
    expect(config.db.seed.enabled).toBe(true)
  })

  it("takes the settings file's outbound allow-list and signed-URL cap", () => {
    const config = parseProjectConfig(SMTP, '/tmp/x')
    const plain = serveConfig(config, { publicUrl: 'https://chat.example.com', noSignup: false })
    expect(plain.serverSecrets).toBeUndefined()
    expect(plain.storage.signedUrlMaxExpiry).toBe(7 * 24 * 3600)
    const served = serveConfig(config, {
      publicUrl: 'https://chat.example.com',
      noSignup: false,
      outboundAllow: '10.0.0.0/8',
      signedUrlMaxExpiry: 600,
    })
    expect(served.serverSecrets).toEqual([['CHORUS_OUTBOUND_ALLOW', '10.0.0.0/8']])
    expect(served.storage.signedUrlMaxExpiry).toBe(600)
    expect(served.storage.fileSizeLimit).toBe(config.storage.fileSizeLimit)
  })

  it('refuses a project without SMTP', () => {
    const config = parseProjectConfig('', '/project')
    expect(() =>
      serveConfig(config, { publicUrl: 'https://chat.example.com', noSignup: false })
    ).toThrow(/\[auth\.email\.smtp\]/)
  })
})
