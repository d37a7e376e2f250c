// A resumable upload that outlives its access token: on a stack of its own whose tokens last
// 15 s (jwt_expiry), the upload's second chunk is held until the token of its first request has
// expired, then fails as a dropped request would; tus-js-client retries it, and the retry (and
// everything after it) carries the session's current token, so the upload finishes by itself
// without the user pressing Retry. Before, every request reused the first token: the retry was
// refused and the upload failed.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from './support/test.ts'
import type { Route } from '@playwright/test'
import { actor, waitLive } from './support/actors.ts'
import { useOwnStack } from './support/own-stack.ts'
import { startOwnStack } from './support/production-stack.ts'
import { inOwnWorkspace } from './support/workspace.ts'

const MB = 1024 * 1024
const CHUNK = 6 * MB
const TUS = '/storage/v1/upload/resumable'
let folder = ''

// A stack of its own, in the suite's arrangement (serve in production), with 15 s tokens.
useOwnStack(() =>
  startOwnStack({ configure: (toml) => toml.replace(/^jwt_expiry\s*=.*$/m, 'jwt_expiry = 15') })
)

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-upload-token-'))
  await writeFile(path.join(folder, 'long.mp4'), randomBytes(13 * MB))
})

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** The exp claim (seconds) of a request's bearer token. */
function expOf(authorization: string | undefined): number {
  const token = (authorization ?? '').replace(/^Bearer /, '')
  const payload = token.split('.')[1] ?? ''
  return Number(
    (JSON.parse(Buffer.from(payload, 'base64url').toString() || '{}') as { exp?: number }).exp
  )
}

test('an upload whose later chunk is sent after its first token expired finishes by itself', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const dana = await actor(browser, 'Dana')
  await inOwnWorkspace(dana, 'Long uploads')
  await waitLive(dana.page)

  const tokens: { method: string; exp: number }[] = []
  dana.page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(TUS)) {
      tokens.push({ method: request.method(), exp: expOf(request.headers()['authorization']) })
    }
  })
  let hold!: (route: Route) => void
  const held = new Promise<Route>((resolve) => (hold = resolve))
  let taken = false
  await dana.page.route(`**${TUS}/**`, async (route) => {
    const request = route.request()
    if (
      !taken &&
      request.method() === 'PATCH' &&
      Number(request.headers()['upload-offset']) >= CHUNK
    ) {
      taken = true
      hold(route)
      return
    }
    await route.continue().catch(() => undefined)
  })

  await dana.page.getByTestId('file-input').setInputFiles(path.join(folder, 'long.mp4'))
  const progress = dana.page.getByRole('progressbar', { name: 'Upload of long.mp4' })
  await expect(progress).toBeVisible()
  const route = await held
  const first = tokens[0]!
  expect(first.method).toBe('POST')
  // The token the upload started with has expired (the stack's clock is this machine's).
  await expect.poll(() => Date.now() / 1000 > first.exp + 1, { timeout: 60_000 }).toBe(true)
  await route.abort('failed')
  await dana.page.unroute(`**${TUS}/**`)

  await expect(progress).toHaveAttribute('class', 'progress-done', { timeout: 60_000 })
  const after = tokens.slice(tokens.findIndex((t) => t === first) + 2)
  expect(after.length).toBeGreaterThan(0)
  for (const t of after) expect(t.exp).toBeGreaterThan(first.exp)
  await dana.context.close()
})
