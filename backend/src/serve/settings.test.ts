import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSettings, parseEnvFile, settingsPath } from './settings.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'settings-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function file(name: string, text: string, mode = 0o600): Promise<string> {
  const at = path.join(dir, name)
  await writeFile(at, text)
  await chmod(at, mode)
  return at
}

const FULL = `# Chorus on chat.example.com
CHORUS_PUBLIC_URL=https://chat.example.com
SMTP_HOST=smtp.example.com
SMTP_PORT=465
SMTP_USER=chorus
SMTP_PASS="a pass with \\"quotes\\" and # not a comment"
SMTP_ADMIN_EMAIL=no-reply@chat.example.com
SMTP_SENDER_NAME='Chorus team'
; systemd's other comment
CHORUS_BACKUP_EVERY=24h
CHORUS_BACKUP_KEEP=14
CHORUS_SIGNUP=closed
CHORUS_OUTBOUND_ALLOW="10.0.0.0/8, 192.168.1.20:8443"
CHORUS_SIGNED_URL_MAX_EXPIRY=24h
CHORUS_HOST=0.0.0.0
CHORUS_PORT=8443
CHORUS_DB_PORT=6543
CHORUS_TRUSTED_PROXY="10.0.0.0/8, 192.168.0.1"
LOG_LEVEL=info
TENANT_MAX_JOINS_PER_SECOND=800
NODE_OPTIONS=--max-old-space-size=2048
`

describe('the settings file', () => {
  it('reads systemd EnvironmentFile lines: comments, quotes, every setting', async () => {
    const settings = await loadSettings(await file('full.env', FULL), true)
    expect(settings).toEqual({
      file: path.join(dir, 'full.env'),
      publicUrl: 'https://chat.example.com',
      backupEvery: '24h',
      backupKeep: '14',
      signupClosed: true,
      outboundAllow: '10.0.0.0/8, 192.168.1.20:8443',
      signedUrlMaxExpiry: 86400,
      host: '0.0.0.0',
      port: 8443,
      dbPort: 6543,
      environment: { LOG_LEVEL: 'info', TENANT_MAX_JOINS_PER_SECOND: '800' },
      trustedProxies: ['10.0.0.0/8', '192.168.0.1'],
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        user: 'chorus',
        pass: 'a pass with "quotes" and # not a comment',
        adminEmail: 'no-reply@chat.example.com',
        senderName: 'Chorus team',
      },
    })
  })

  it('is DATA_DIR/chorus.env unless --config names another', () => {
    expect(settingsPath('/srv/chorus', undefined)).toBe('/srv/chorus/chorus.env')
    expect(settingsPath('/srv/chorus', '/etc/chorus.env')).toBe('/etc/chorus.env')
  })

  it('is optional where it is by default, required when given', async () => {
    expect(await loadSettings(path.join(dir, 'none.env'), false)).toEqual({
      file: null,
      environment: {},
    })
    await expect(loadSettings(path.join(dir, 'none.env'), true)).rejects.toThrow(
      /^The settings file .*none\.env does not exist \(--config\)/
    )
  })

  it('refuses a file others can read, in one line', async () => {
    const open = await file('open.env', 'SMTP_HOST=x\n', 0o644)
    await expect(loadSettings(open, false)).rejects.toThrow(
      `The settings file ${open} can be read or changed by other accounts (mode 0644): it holds ` +
        `the SMTP password. chmod 600 ${open}`
    )
    await chmod(open, 0o640)
    await expect(loadSettings(open, false)).rejects.toThrow(/\(mode 0640\)/)
  })

  it('refuses a settings file that cannot be read', async () => {
    const folder = path.join(dir, 'folder.env')
    await mkdir(folder, { mode: 0o700 })
    await expect(loadSettings(folder, false)).rejects.toThrow(
      `Cannot read the settings file ${folder}: it is not a file`
    )
  })

  it('refuses bad lines and values with the file and what to give', async () => {
    const cases: [string, RegExp][] = [
      ['SMTP_HOST smtp.example.com\n', /bad\.env:1: not a KEY=value line/],
      ['SMTP_PASS="open\n', /bad\.env:1: the value's closing " is missing/],
      ['SMPT_HOST=x\n', /unknown setting SMPT_HOST/],
      ['SMTP_PORT=587\n', /SMTP_PORT without SMTP_HOST/],
      ['SMTP_HOST=x\nSMTP_PORT=smtp\nSMTP_ADMIN_EMAIL=a@b.c\n', /SMTP_PORT is smtp, not a port/],
      ['SMTP_HOST=x\n', /SMTP_ADMIN_EMAIL is missing/],
      ['CHORUS_SIGNUP=maybe\n', /CHORUS_SIGNUP is maybe; give open or closed/],
      ['CHORUS_SIGNED_URL_MAX_EXPIRY=7d\n', /CHORUS_SIGNED_URL_MAX_EXPIRY is 7d; give a duration/],
      ['CHORUS_SIGNED_URL_MAX_EXPIRY=0\n', /CHORUS_SIGNED_URL_MAX_EXPIRY is 0; give a duration/],
      ['CHORUS_SIGNED_URL_MAX_EXPIRY=500ms\n', /at least 1s/],
      ['CHORUS_PORT=http\n', /CHORUS_PORT is http, not a port number/],
      ['CHORUS_DB_PORT=70000\n', /CHORUS_DB_PORT is 70000, not a port number/],
      ['CHORUS_HOST=0.0.0.0/0\n', /CHORUS_HOST is 0\.0\.0\.0\/0; give an address/],
    ]
    for (const [text, message] of cases) {
      await expect(loadSettings(await file('bad.env', text), true)).rejects.toThrow(message)
    }
  })

  it('takes the signed-URL cap as a duration or seconds', async () => {
    const minutes = await loadSettings(
      await file('cap.env', 'CHORUS_SIGNED_URL_MAX_EXPIRY=10m\n'),
      true
    )
    expect(minutes.signedUrlMaxExpiry).toBe(600)
    const seconds = await loadSettings(
      await file('cap.env', 'CHORUS_SIGNED_URL_MAX_EXPIRY=900\n'),
      true
    )
    expect(seconds.signedUrlMaxExpiry).toBe(900)
    const empty = await loadSettings(await file('cap.env', 'CHORUS_OUTBOUND_ALLOW=\n'), true)
    expect(empty).toEqual({ file: path.join(dir, 'cap.env'), environment: {} })
  })

  it('parses what systemd parses the same way', () => {
    const values = parseEnvFile('A=1\n  B = two words \n#C=3\nD=\'$x\'\nE=""\n', 'f')
    expect([...values]).toEqual([
      ['A', '1'],
      ['B', 'two words'],
      ['D', '$x'],
      ['E', ''],
    ])
  })
})
