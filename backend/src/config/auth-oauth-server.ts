// [auth.oauth_server] of config.toml as the Supabase CLI reads it, with its template's defaults.
import type { ConfigReader } from './reader.ts'

/** [auth.oauth_server]: Supabase Auth as an OAuth 2.1 server (off by default, as in the CLI). */
export interface OAuthServerConfig {
  enabled: boolean
  /** The app's consent page, a path on site_url. */
  authorizationUrlPath: string
  allowDynamicRegistration: boolean
}

export function readOAuthServer(read: ConfigReader): OAuthServerConfig {
  const section = 'auth.oauth_server'
  return {
    enabled: read.get(section, 'enabled', 'boolean', false),
    authorizationUrlPath: read.get(section, 'authorization_url_path', 'string', '/oauth/consent'),
    allowDynamicRegistration: read.get(section, 'allow_dynamic_registration', 'boolean', false),
  }
}
