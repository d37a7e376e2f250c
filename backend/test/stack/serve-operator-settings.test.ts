// Issue 69, item 4: every setting a server's operator may change is read from its settings file,
// never from a tracked file. serve (in this process, as `npm run serve` runs it) given a chorus.env
// with CHORUS_OUTBOUND_ALLOW and CHORUS_SIGNED_URL_MAX_EXPIRY accepts them (it refused both as
// unknown settings before), hands the allow-list to the Edge Functions over config.toml's
// [edge_runtime.secrets], and cuts Storage's signed download URLs to the cap; where it listens and
// the proxies it believes come from the file too (CHORUS_HOST, CHORUS_PORT, CHORUS_DB_PORT,
// CHORUS_TRUSTED_PROXY), the flags over them, and so do LOG_LEVEL and the Realtime limits.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import { serveSetup } from '../../src/cli/serve.ts'
import { createLogger } from '../../src/logger.ts'
import { limitsFromEnv } from '../../src/realtime/socket/limits.ts'
import { fakeAppDist, smtpConfig, startServeTest } from '../support/serve.ts'
import { makeProject } from '../support/stack.ts'
import { useTestStack } from '../support/use-stack.ts'

const folder = await mkdtemp(path.join(tmpdir(), 'operator-settings-'))
const settingsFile = path.join(folder, 'chorus.env')
await writeFile(
  settingsFile,
  '# the operator’s own\nCHORUS_OUTBOUND_ALLOW="10.1.2.0/24, 192.168.1.20:8443"\n' +
    'CHORUS_SIGNED_URL_MAX_EXPIRY=10m\n'
)
await chmod(settingsFile, 0o600)
afterAll(() => rm(folder, { recursive: true, force: true }))

const t = useTestStack(() =>
  startServeTest({
    // A tracked value the settings file must win over.
    config:
      '[edge_runtime.secrets]\nCHORUS_OUTBOUND_ALLOW = "192.0.2.1"\n' +
      '[functions.env-probe]\nverify_jwt = false\n',
    files: {
      'functions/env-probe/index.ts':
        "Deno.serve(() => Response.json({ allow: Deno.env.get('CHORUS_OUTBOUND_ALLOW') ?? null }))",
    },
    args: { config: settingsFile },
  })
)

function tokenLife(signedUrl: string): number {
  const token = new URL(signedUrl, 'http://x').searchParams.get('token') ?? ''
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number
    exp: number
  }
  return payload.exp - payload.iat
}

describe("the operator's settings in chorus.env under serve", () => {
  it('gives the Edge Functions CHORUS_OUTBOUND_ALLOW from the settings file', async () => {
    const response = await fetch(`${t.stack.url}/functions/v1/env-probe`, {
      headers: { apikey: t.stack.stack.keys.publishableKey },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ allow: '10.1.2.0/24, 192.168.1.20:8443' })
  })

  it('cuts a signed URL asked for 3,650 days to CHORUS_SIGNED_URL_MAX_EXPIRY', async () => {
    const admin = createClient(t.stack.url, t.stack.stack.keys.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    expect((await admin.storage.createBucket('files', { public: false })).error).toBeNull()
    const bucket = admin.storage.from('files')
    expect((await bucket.upload('a.txt', new Blob(['hello']))).error).toBeNull()
    const decade = await bucket.createSignedUrl('a.txt', 3650 * 24 * 3600)
    expect(decade.error).toBeNull()
    expect(tokenLife(decade.data!.signedUrl)).toBe(600)
    const many = await bucket.createSignedUrls(['a.txt'], 3650 * 24 * 3600)
    expect(tokenLife(many.data![0]!.signedUrl!)).toBe(600)
    const short = await bucket.createSignedUrl('a.txt', 60)
    expect(tokenLife(short.data!.signedUrl)).toBe(60)
    // The URL works, for its shorter life.
    const download = await fetch(decade.data!.signedUrl)
    expect(download.status).toBe(200)
    expect(await download.text()).toBe('hello')
  })
})

describe('where serve listens, from chorus.env', () => {
  it('takes host, ports and trusted proxies from the file, and the flags over them', async () => {
    const workdir = await makeProject({ config: smtpConfig(2525) })
    const appDist = await fakeAppDist()
    const dataDir = path.join(folder, 'listen-data')
    const file = path.join(folder, 'listen.env')
    await writeFile(
      file,
      'CHORUS_HOST=0.0.0.0\nCHORUS_PORT=8443\nCHORUS_DB_PORT=6543\n' +
        'CHORUS_TRUSTED_PROXY="10.0.0.0/8, fd00::/8 loopback"\n'
    )
    await chmod(file, 0o600)
    const base = {
      workdir,
      dataDir,
      publicUrl: 'https://chat.example.com',
      host: undefined,
      port: undefined,
      dbPort: undefined,
      trustedProxies: [],
      noSignup: false,
      appDist,
      postgresBin: undefined,
      databaseUrl: undefined,
      config: file,
    }
    const log = createLogger('error')
    try {
      const fromFile = (await serveSetup(base, log)).options
      expect(fromFile).toMatchObject({ host: '0.0.0.0', apiPort: 8443, dbPort: 6543 })
      expect(fromFile.front?.trustedProxies).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback'])
      const flags = (
        await serveSetup(
          { ...base, host: '127.0.0.1', port: 9000, dbPort: 7000, trustedProxies: ['10.1.1.1'] },
          log
        )
      ).options
      expect(flags).toMatchObject({ host: '127.0.0.1', apiPort: 9000, dbPort: 7000 })
      expect(flags.front?.trustedProxies).toEqual(['10.1.1.1'])
      // The file's environment keys apply where the process's environment gives none (what
      // systemd would pass on from the same file); the environment given wins.
      const keys = ['TENANT_MAX_JOINS_PER_SECOND', 'TENANT_MAX_PRESENCE_EVENTS_PER_SECOND'] as const
      const before = keys.map((key) => process.env[key])
      try {
        delete process.env.TENANT_MAX_JOINS_PER_SECOND
        process.env.TENANT_MAX_PRESENCE_EVENTS_PER_SECOND = '1500'
        await writeFile(
          file,
          'TENANT_MAX_JOINS_PER_SECOND=2500\nTENANT_MAX_PRESENCE_EVENTS_PER_SECOND=900\n'
        )
        await serveSetup(base, log)
        expect(process.env.TENANT_MAX_JOINS_PER_SECOND).toBe('2500')
        expect(process.env.TENANT_MAX_PRESENCE_EVENTS_PER_SECOND).toBe('1500')
        expect(limitsFromEnv(process.env, 'serve').maxJoinsPerSecond).toBe(2500)
      } finally {
        keys.forEach((key, i) =>
          before[i] === undefined ? delete process.env[key] : (process.env[key] = before[i])
        )
      }
      await writeFile(file, 'CHORUS_TRUSTED_PROXY=proxy.example.com\n')
      await expect(serveSetup(base, log)).rejects.toThrow(/proxy\.example\.com is not an address/)
    } finally {
      await rm(workdir, { recursive: true, force: true })
      await rm(appDist, { recursive: true, force: true })
    }
  })
})
