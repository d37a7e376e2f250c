// deploy.test.ts's harness: `npm run deploy` run in its own process against a stand-in Supabase
// CLI that records each call's arguments (and whether the secrets reached it) and fails when told
// to (or, for a function deleted that the project does not have, answers as the CLI does); the
// flags and secrets of a full deploy and the calls it must make, in order.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'

/** A build's security headers as dist/security-headers.json has them: {api} and {realtime} left. */
export const BUILD_HEADERS = {
  page: {
    'content-security-policy':
      "default-src 'self'; script-src 'self' 'sha256-x='; connect-src 'self' {api} {realtime}; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  },
}

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
export const REF = 'abcdefghijklmnopqrst'
export const KEY = 'sb_publishable_TestKey_123'

const FAKE_CLI = `#!/usr/bin/env node
const { appendFileSync } = require('node:fs')
const args = process.argv.slice(2)
appendFileSync(process.env.FAKE_CLI_LOG, JSON.stringify({
  args,
  token: process.env.SUPABASE_ACCESS_TOKEN,
  password: process.env.SUPABASE_DB_PASSWORD,
  smtpPass: process.env.SMTP_PASS,
}) + '\\n')
if (process.env.FAKE_CLI_FAIL && args.join(' ').startsWith(process.env.FAKE_CLI_FAIL)) {
  process.stderr.write('unexpected deploy status 400: {"message":"Function bundle too large"}\\n')
  process.exit(1)
}
const absent = (process.env.FAKE_CLI_ABSENT ?? '').split(',')
if (args[0] === 'functions' && args[1] === 'delete' && absent.includes(args[2])) {
  process.stderr.write('Function ' + args[2] + ' does not exist on the Supabase project: nothing to delete\\n')
  process.exit(1)
}
`

export interface Run {
  code: number
  stdout: string
  stderr: string
  calls: Array<{ args: string[]; token?: string; password?: string; smtpPass?: string }>
  deployDir: string
  appDist: string
}

export const FLAGS = [
  `--project-ref=${REF}`,
  '--site-url',
  'https://chat.example.com/',
  '--publishable-key',
  KEY,
  '--smtp-host',
  'smtp.example.com',
  '--smtp-port',
  '587',
  '--smtp-user',
  'apikey',
  '--smtp-from',
  'Chorus <chorus@example.com>',
]
export const SECRETS = {
  SUPABASE_ACCESS_TOKEN: 'sbp_token_for_test',
  SUPABASE_DB_PASSWORD: "db pass with 'quotes'",
  SMTP_PASS: 'smtp-secret',
}

/**
 * The Edge Functions' names before each was named after its feature: a deploy deletes them. Not
 * notify-email: it stays, the one-click unsubscribe address of the mails sent before.
 */
export const RETIRED_FUNCTIONS = [
  'slack-import',
  'workspace-export',
  'link-preview',
  'notify-push',
  'invite-by-email',
]

export function expectedCalls(deployDir: string): string[][] {
  const workdir = ['--workdir', deployDir]
  return [
    ['link', '--project-ref', REF, ...workdir],
    ['db', 'push', '--linked', '--include-all', '--yes', ...workdir],
    ['config', 'push', '--project-ref', REF, '--yes', ...workdir],
    ['functions', 'deploy', '--project-ref', REF, '--use-api', ...workdir],
    ...RETIRED_FUNCTIONS.map((name) => [
      'functions',
      'delete',
      name,
      '--project-ref',
      REF,
      ...workdir,
    ]),
    [
      'secrets',
      'set',
      '--project-ref',
      REF,
      'SMTP_HOST=smtp.example.com',
      'SMTP_PORT=587',
      'SMTP_USER=apikey',
      'SMTP_PASS=smtp-secret',
      'SMTP_FROM=Chorus <chorus@example.com>',
      'APP_URL=https://chat.example.com',
      ...workdir,
    ],
    ['db', 'query', '--linked', ...workdir, expect.any(String) as unknown as string],
  ]
}

export interface DeployRunner {
  /** The file's temporary folder (deploy folders, builds, call logs). */
  dir: string
  /** The stand-in CLI's path. */
  fake: string
  /** Runs the deploy script with these arguments and environment; a place of its own unless given. */
  deploy: (
    args: string[],
    env?: Record<string, string>,
    place?: { deployDir: string; appDist: string }
  ) => Promise<Run>
}

/** Registers the file's beforeAll/afterAll (the folder and the stand-in CLI in it). */
export function useDeployRunner(): DeployRunner {
  const r = {} as DeployRunner
  beforeAll(async () => {
    r.dir = await mkdtemp(path.join(tmpdir(), 'chorus-deploy-test-'))
    r.fake = path.join(r.dir, 'fake-supabase.cjs')
    await writeFile(r.fake, FAKE_CLI)
    await chmod(r.fake, 0o755)
  })
  afterAll(async () => {
    await rm(r.dir, { recursive: true, force: true })
  })
  let runs = 0
  let logs = 0
  r.deploy = async function deploy(
    args: string[],
    env: Record<string, string> = {},
    place?: { deployDir: string; appDist: string }
  ): Promise<Run> {
    const own = place ?? {
      deployDir: path.join(r.dir, `deploy-${++runs}`),
      appDist: path.join(r.dir, `dist-${runs}`),
    }
    if (!place) {
      await mkdir(own.appDist, { recursive: true })
      await writeFile(path.join(own.appDist, 'index.html'), '<!doctype html><title>Chorus</title>')
      // What the build writes beside the pages (app/scripts/security-headers.ts).
      await writeFile(
        path.join(own.appDist, 'security-headers.json'),
        JSON.stringify(BUILD_HEADERS)
      )
    }
    const log = path.join(r.dir, `calls-${++logs}.jsonl`)
    const { code, stdout, stderr } = await new Promise<{
      code: number
      stdout: string
      stderr: string
    }>((resolve) => {
      execFile(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/deploy/main.ts',
          ...args,
          '--deploy-dir',
          own.deployDir,
          '--app-dist',
          own.appDist,
        ],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            CHORUS_SUPABASE_CLI: r.fake,
            FAKE_CLI_LOG: log,
            ...env,
          },
        },
        (error, stdout, stderr) => {
          const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0
          resolve({ code: status, stdout, stderr })
        }
      )
    })
    const text = existsSync(log) ? await readFile(log, 'utf8') : ''
    const calls = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Run['calls'][number])
    return { code, stdout, stderr, calls, ...own }
  }
  return r
}
