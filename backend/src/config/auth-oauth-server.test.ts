import { describe, expect, it } from 'vitest'
import { parseProjectConfig } from './project-config.ts'

const parse = (text: string) => parseProjectConfig(text, '/projects/demo', 'config.toml')

describe('[auth.oauth_server]', () => {
  it('is off by default, with the CLI template’s consent path', () => {
    expect(parse('').auth.oauthServer).toEqual({
      enabled: false,
      authorizationUrlPath: '/oauth/consent',
      allowDynamicRegistration: false,
    })
  })

  it('reads enabled, authorization_url_path and allow_dynamic_registration', () => {
    const config = parse(
      '[auth.oauth_server]\nenabled = true\nauthorization_url_path = "/consent"\nallow_dynamic_registration = true'
    )
    expect(config.auth.oauthServer).toEqual({
      enabled: true,
      authorizationUrlPath: '/consent',
      allowDynamicRegistration: true,
    })
  })
})
