// The optional app server: a built web app on its own port, told the API's URL and key.
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { ProjectConfig } from '../config/project-config.ts'
import { buildAppServer } from '../http/app-server.ts'
import { answeredCloser } from '../http/listen.ts'
import { CSP_REPORT_PATH } from '../http/security-headers.ts'
import type { JwtKeys } from '../jwt/jwt-keys.ts'
import { appPortOf } from './check-ports.ts'
import type { Cleanups } from './cleanups.ts'
import type { StackOptions } from './types.ts'

/** The app's URL, or null without --app-dist. */
export async function startAppServer(args: {
  options: StackOptions
  config: ProjectConfig
  apiUrl: string
  keys: JwtKeys
  cleanups: Cleanups
}): Promise<string | null> {
  const { options } = args
  if (!options.appDist) return null
  const app = await buildAppServer({
    distDir: path.resolve(options.appDist),
    runtimeConfig: { supabaseUrl: args.apiUrl, supabaseKey: args.keys.publishableKey },
    // The front door takes the reports (http/csp-reports.ts).
    reportUrl: new URL(CSP_REPORT_PATH, args.apiUrl).href,
  })
  const close = answeredCloser(app.server, () => app.close())
  await app.listen({ host: '127.0.0.1', port: options.appPort ?? appPortOf(args.config) })
  args.cleanups.push(close)
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}
