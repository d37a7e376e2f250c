// The project's JWT keys from config.toml ([auth] jwt_secret, signing_keys_path), a wrong one
// reported as the config error it is.
import path from 'node:path'
import { ConfigError } from '../config/project-config.ts'
import type { ProjectConfig } from '../config/project-config.ts'
import { JwtKeys } from '../jwt/jwt-keys.ts'

export async function loadKeys(config: ProjectConfig): Promise<JwtKeys> {
  try {
    return await JwtKeys.create(config.auth.jwtSecret, config.auth.signingKeysPath)
  } catch (error) {
    const message = (error as Error).message.replace(/\s*\n\s*/g, ' ').trim()
    const file = config.auth.signingKeysPath
    if (file) throw new ConfigError(`[auth] signing_keys_path: ${message}`, file)
    throw new ConfigError(
      `[auth] jwt_secret: ${message}`,
      path.join(config.supabaseDir, 'config.toml')
    )
  }
}
