// npm run deploy (scripts/deploy) against a stand-in CLI that records its arguments: the real
// script in its own process, CHORUS_SUPABASE_CLI pointing at a small executable that writes each
// call's arguments (and whether the secrets reached it) to a file, and fails when told to. Then
// the commands it recorded, given to the real CLI the deploy pins (below). The harness is
// support/deploy-runner.ts's.
import { generateKeyPairSync } from 'node:crypto'
import { execFile } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  expectedCalls,
  FLAGS,
  KEY,
  REF,
  ROOT,
  SECRETS,
  useDeployRunner,
} from './support/deploy-runner.ts'

const runner = useDeployRunner()

describe('npm run deploy against a stand-in CLI that records its arguments', () => {
  it('runs link, db push, config push, functions deploy (and delete of the renamed ones), secrets set and the Vault query in that order, then writes the app for the project', async () => {
    const run = await runner.deploy([...FLAGS, '--skip-build'], SECRETS)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.calls.map((c) => c.args)).toEqual(expectedCalls(run.deployDir))
    // The secrets reach the CLI through the environment, never as arguments (but SMTP_PASS,
    // which `secrets set` takes as NAME=VALUE).
    for (const call of run.calls) {
      expect(call.token).toBe(SECRETS.SUPABASE_ACCESS_TOKEN)
      expect(call.password).toBe(SECRETS.SUPABASE_DB_PASSWORD)
      expect(call.smtpPass).toBe(SECRETS.SMTP_PASS)
      expect(call.args.join(' ')).not.toContain(SECRETS.SUPABASE_DB_PASSWORD)
      expect(call.args.join(' ')).not.toContain(SECRETS.SUPABASE_ACCESS_TOKEN)
    }

    // Vault: both names, updated when they exist, created otherwise.
    const sql = run.calls.find((c) => c.args[0] === 'db' && c.args[1] === 'query')!.args.at(-1)!
    expect(sql).toContain(`vault.create_secret('https://${REF}.supabase.co', 'project_url')`)
    expect(sql).toContain(`vault.create_secret('${KEY}', 'publishable_key')`)
    expect(sql).toContain(
      `vault.update_secret((select id from vault.secrets where name = 'publishable_key'), '${KEY}')`
    )

    // The CLI's project folder: the migrations and functions as committed, a config.toml for
    // the hosted project (the local one is untouched).
    const supabase = path.join(run.deployDir, 'supabase')
    const migration = '20261125090200_chorus_notifications_email.sql'
    expect(await readFile(path.join(supabase, 'migrations', migration), 'utf8')).toBe(
      await readFile(path.join(ROOT, 'supabase', 'migrations', migration), 'utf8')
    )
    expect(existsSync(path.join(supabase, 'functions', 'notifications-email', 'index.ts'))).toBe(
      true
    )
    expect(existsSync(path.join(supabase, 'functions', 'notify-email', 'index.ts'))).toBe(true)
    expect(existsSync(path.join(supabase, 'templates', 'invite.html'))).toBe(true)
    expect(existsSync(path.join(supabase, 'seed.sql'))).toBe(false)
    const config = await readFile(path.join(supabase, 'config.toml'), 'utf8')
    expect(config).toContain('site_url = "https://chat.example.com"')
    expect(config).toContain(
      'additional_redirect_urls = [ "https://chat.example.com", "https://chat.example.com/**" ]'
    )
    expect(config).toContain('rp_id = "chat.example.com"')
    expect(config).toContain('pass = "env(SMTP_PASS)"')
    expect(config).not.toContain('smtp-secret')
    expect(config).not.toContain('[local_smtp]')
    // The stack's own private_only is not a key the CLI knows: the generated file leaves it out.
    expect(config).not.toContain('private_only')
    expect(config).not.toContain('update_password_require_current_password')
    expect(config).toContain('secure_password_change = true')
    expect(config).toMatch(/\[functions\.notifications-email\]\nverify_jwt = false/)
    expect(config).toMatch(/\[functions\.notify-email\]\nverify_jwt = false/)
    expect(await readFile(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')).toContain(
      'site_url = "http://127.0.0.1:3000"'
    )

    // The static site: the app's runtime config names the project and its publishable key;
    // every path that is not a file opens the app.
    expect(JSON.parse(await readFile(path.join(run.appDist, 'config.json'), 'utf8'))).toEqual({
      supabaseUrl: `https://${REF}.supabase.co`,
      supabaseKey: KEY,
    })
    expect(await readFile(path.join(run.appDist, '_redirects'), 'utf8')).toBe(
      '/*  /index.html  200\n'
    )
    const headers = await readFile(path.join(run.appDist, '_headers'), 'utf8')
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable')
    // The web app manifest (installing Chorus) with its own type, whatever the host's.
    expect(headers).toContain(
      '/manifest.webmanifest\n  Content-Type: application/manifest+json\n  Cache-Control: no-cache'
    )
    // Every path: the build's security headers, the policy naming the project over https and wss.
    expect(headers).toContain(
      `/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-x='; connect-src 'self' https://${REF}.supabase.co wss://${REF}.supabase.co; frame-ancestors 'none'\n  X-Frame-Options: DENY\n`
    )
  })

  it('--dry-run prints every command as a shell runs it, secrets as variable references, and every file with its content; it runs and writes nothing', async () => {
    const run = await runner.deploy([...FLAGS, '--dry-run'], SECRETS)
    expect(run.code).toBe(0)
    expect(run.calls).toEqual([])
    expect(existsSync(run.deployDir)).toBe(false)
    expect(existsSync(path.join(run.appDist, 'config.json'))).toBe(false)
    const workdir = run.deployDir
    const lines = run.stdout.split('\n')
    expect(lines).toContain(`${runner.fake} link --project-ref ${REF} --workdir ${workdir}`)
    expect(lines).toContain(
      `${runner.fake} db push --linked --include-all --yes --workdir ${workdir}`
    )
    expect(lines).toContain(
      `${runner.fake} secrets set --project-ref ${REF} SMTP_HOST=smtp.example.com SMTP_PORT=587 SMTP_USER=apikey SMTP_PASS="$SMTP_PASS" 'SMTP_FROM=Chorus <chorus@example.com>' APP_URL=https://chat.example.com --workdir ${workdir}`
    )
    expect(lines).toContain(
      `${runner.fake} functions delete notify-push --project-ref ${REF} --workdir ${workdir}  # "does not exist" is no failure`
    )
    // notify-email (notifications-email's name before) stays: mails sent before unsubscribe there.
    expect(run.stdout).not.toContain('functions delete notify-email')
    expect(lines).toContain(`cat > ${run.appDist}/config.json <<'EOF'`)
    expect(run.stdout).toContain(`"supabaseUrl": "https://${REF}.supabase.co"`)
    expect(run.stdout).toContain('npm run build -w app -- --outDir')
    expect(lines).toContain(
      `node --import tsx scripts/deploy/site-headers.ts ${run.appDist} https://${REF}.supabase.co`
    )
    expect(run.stdout).toContain(`cat > ${workdir}/supabase/config.toml <<'EOF'`)
    expect(run.stdout).toContain("vault.create_secret('\\''https://")
    for (const value of Object.values(SECRETS)) expect(run.stdout).not.toContain(value)
  })

  it("sets Web Push's VAPID keys as function secrets when given (the private one as a variable in --dry-run), refusing a broken pair", async () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      format: 'jwk',
    })
    const vapid = {
      VAPID_PUBLIC_KEY: Buffer.concat([
        Buffer.from([4]),
        Buffer.from(pair.x!, 'base64url'),
        Buffer.from(pair.y!, 'base64url'),
      ]).toString('base64url'),
      VAPID_PRIVATE_KEY: pair.d!,
    }
    const dry = await runner.deploy([...FLAGS, '--dry-run'], { ...SECRETS, ...vapid })
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(
      `APP_URL=https://chat.example.com VAPID_PUBLIC_KEY=${vapid.VAPID_PUBLIC_KEY} VAPID_PRIVATE_KEY="$VAPID_PRIVATE_KEY" --workdir`
    )
    expect(dry.stdout).not.toContain(vapid.VAPID_PRIVATE_KEY)
    const broken = await runner.deploy([...FLAGS, '--dry-run'], {
      ...SECRETS,
      VAPID_PUBLIC_KEY: 'abc',
    })
    expect(broken.code).toBe(2)
    expect(broken.stderr).toContain(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a VAPID key pair'
    )
  })

  it('names every missing input at once and exits 2 without a stack trace or any command run', async () => {
    const run = await runner.deploy(['--site-url', 'ftp://nowhere'], {})
    expect(run.code).toBe(2)
    expect(run.calls).toEqual([])
    expect(run.stdout).toBe('')
    for (const name of [
      '--project-ref',
      '--publishable-key',
      'SMTP_HOST',
      'SMTP_PORT',
      'SMTP_USER',
      'SMTP_PASS',
      'SMTP_FROM',
      'SUPABASE_ACCESS_TOKEN',
      'SUPABASE_DB_PASSWORD',
    ]) {
      expect(run.stderr).toMatch(new RegExp(`\\n  missing [^\\n]*${name}`))
    }
    expect(run.stderr).toContain('The site URL "ftp://nowhere" is not an http(s) address')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  it('refuses a secret or service_role key as the publishable key, and a bad project ref, in the same message', async () => {
    const serviceRole = [
      Buffer.from('{"alg":"HS256"}').toString('base64url'),
      Buffer.from('{"role":"service_role"}').toString('base64url'),
      'sig',
    ].join('.')
    const flags = FLAGS.map((flag) => (flag === KEY ? serviceRole : flag))
    flags[0] = '--project-ref=My-Project'
    const run = await runner.deploy(flags, SECRETS)
    expect(run.code).toBe(2)
    expect(run.calls).toEqual([])
    expect(run.stderr).toContain('a JWT with role "service_role"')
    expect(run.stderr).toContain('--project-ref "My-Project" is not a project reference')
    const secret = await runner.deploy(
      FLAGS.map((f) => (f === KEY ? 'sb_secret_abc' : f)),
      SECRETS
    )
    expect(secret.code).toBe(2)
    expect(secret.stderr).toContain('is a secret key (sb_secret_…)')
  })

  // Two runs of the script, each a process of its own that loads TypeScript through tsx (3 to
  // 8 s each on the shared 2-core machine under load): twice the default time.
  it(
    "stops at a failing step with the CLI's error and the command that continues there; --from resumes at that step",
    { timeout: 60_000 },
    async () => {
      const failed = await runner.deploy([...FLAGS, '--skip-build'], {
        ...SECRETS,
        FAKE_CLI_FAIL: 'functions deploy',
      })
      expect(failed.code).toBe(1)
      expect(failed.calls.map((c) => c.args[0])).toEqual(['link', 'db', 'config', 'functions'])
      expect(failed.stderr).toContain('Function bundle too large')
      expect(failed.stderr).toContain('step "functions" failed')
      const resume = `npm run deploy -- ${FLAGS.map((f) => (f.includes(' ') ? `'${f}'` : f)).join(' ')} --skip-build --deploy-dir ${failed.deployDir} --app-dist ${failed.appDist} --from functions`
      expect(failed.stderr).toContain(resume)
      expect(existsSync(path.join(failed.appDist, 'config.json'))).toBe(false)

      const resumed = await runner.deploy(
        [...FLAGS, '--skip-build', '--from', 'functions'],
        SECRETS,
        {
          deployDir: failed.deployDir,
          appDist: failed.appDist,
        }
      )
      expect(resumed.code).toBe(0)
      expect(resumed.calls.map((c) => c.args)).toEqual(expectedCalls(failed.deployDir).slice(3))
      expect(existsSync(path.join(failed.appDist, 'config.json'))).toBe(true)
    }
  )

  it('--skip-build needs an existing build', async () => {
    const run = await runner.deploy([...FLAGS, '--skip-build'], SECRETS, {
      deployDir: path.join(runner.dir, 'no-build-deploy'),
      appDist: path.join(runner.dir, 'no-build'),
    })
    expect(run.code).toBe(2)
    expect(run.calls).toEqual([])
    expect(run.stderr).toContain('there is no build in')
  })
})

// The same commands, as the deploy makes them, given to the real CLI it pins (the root's
// `supabase` devDependency): each one gets past the CLI's parsing of its command and flags to
// where it needs the cloud (an access token, a linked project). An unknown command or flag stops
// earlier, with the command's help. What each does on the hosted project (link, config push,
// functions deploy --use-api, secrets set, db query --linked speak to the Management API) is not
// rehearsed here; db push is, onto a stack, in supabase-cli.test.ts.
describe('the commands of a deploy, given to the real Supabase CLI', () => {
  const CLI = path.join(ROOT, 'node_modules', '.bin', 'supabase')

  it('is the version the deploy pins', async () => {
    const pinned = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'))
      .devDependencies.supabase as string
    // scripts/deploy/plan.ts's SUPABASE_CLI_VERSION (read as text: scripts/ is not in this
    // project's TypeScript build).
    const plan = await readFile(path.join(ROOT, 'scripts', 'deploy', 'plan.ts'), 'utf8')
    expect(/SUPABASE_CLI_VERSION = '([^']+)'/.exec(plan)?.[1]).toBe(pinned)
  })

  it('accepts every command and flag the deploy runs', { timeout: 180_000 }, async () => {
    const run = await runner.deploy([...FLAGS, '--skip-build'], SECRETS)
    expect(run.code).toBe(0)
    const home = path.join(runner.dir, 'cli-home')
    await mkdir(home, { recursive: true })
    for (const { args } of run.calls) {
      const output = await new Promise<string>((resolve) => {
        execFile(
          CLI,
          args,
          {
            cwd: ROOT,
            timeout: 60_000,
            env: { PATH: process.env.PATH, HOME: home, SUPABASE_ACCESS_TOKEN: '' },
          },
          (_error, stdout, stderr) => resolve(`${stdout}${stderr}`)
        )
      })
      expect(output, `supabase ${args.slice(0, 2).join(' ')}`).toMatch(
        /Access token not provided|Cannot find project ref/
      )
      expect(output).not.toMatch(/DESCRIPTION|USAGE|unknown (flag|command)/i)
    }
  })
})
