// `service-unit`: a systemd unit that runs `serve` at boot, restarts it when it fails and stops it
// with SIGTERM (the stack then stops in order: services, pools, PostgreSQL). It runs node on
// scripts/serve.ts itself (with tsx), not npm, so that the signal reaches the stack and nothing else; the
// app is built there when stale, as `npm run serve` does. The serve flags given are passed on.
// The server's settings file (serve/settings.ts) is its EnvironmentFile, so that systemd gives
// the stack SMTP_PASS and the rest, and serve reads the same file (--config).
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadSettings, settingsPath } from '../serve/settings.ts'

export interface ServiceUnitArgs {
  /** The repository's root folder (where package.json and scripts/serve.ts are). */
  root: string
  /** Flags for serve, e.g. ['--public-url', 'https://chat.example.com']. */
  serveArgs: string[]
  /** The account to run as; none (root) when run as root. */
  user: string | null
  nodePath: string
  /** The settings file (absolute): EnvironmentFile= and serve's --config. */
  settingsFile: string
}

/** systemd's quoting of one ExecStart word. */
function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `"${word.replace(/["\\]/g, '\\$&')}"`
}

export function serviceUnit(args: ServiceUnitArgs): string {
  const exec = [
    args.nodePath,
    // tsx, found from WorkingDirectory (the repository's node_modules), runs the TypeScript.
    '--import',
    'tsx',
    path.join(args.root, 'scripts', 'serve.ts'),
    ...args.serveArgs,
    '--config',
    args.settingsFile,
  ]
  return `# Chorus in production mode (npm run serve). Install it with:
#   npm run --silent backend -- service-unit > /etc/systemd/system/chorus.service
#   systemctl daemon-reload && systemctl enable --now chorus
# Settings (public URL, SMTP and its password, backups, sign-up): ${args.settingsFile}
# (KEY=value lines, mode 0600); flags on ExecStart override it.
# Logs: journalctl -u chorus (one line per event; LOG_LEVEL=debug adds every request).
[Unit]
Description=Chorus team chat (npm run serve)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
WorkingDirectory=${args.root}
${args.user ? `User=${args.user}\n` : ''}Environment=NODE_ENV=production
EnvironmentFile=${args.settingsFile}
ExecStart=${exec.map(quote).join(' ')}
Restart=on-failure
RestartSec=5
KillSignal=SIGTERM
KillMode=mixed
TimeoutStopSec=30

[Install]
WantedBy=multi-user.target
`
}

/** The account that runs the unit: the one running this command, unless it is root. */
export function currentUser(): string | null {
  const { uid, username } = os.userInfo()
  return uid === 0 ? null : username
}

/** The flags of `service-unit` that it passes on to serve. */
export interface ServiceUnitFlags {
  'public-url'?: string
  host?: string
  port?: string
  'trusted-proxy'?: string[]
  'no-signup'?: boolean
  'backup-every'?: string
  'backup-keep'?: string
  'data-dir'?: string
  workdir?: string
}

/**
 * `service-unit`: prints the unit on stdout. Its settings file (--config, else DATA_DIR/chorus.env)
 * is checked as serve checks it; a missing one is named on stderr (systemd refuses to start the
 * unit until it exists).
 */
export async function serviceUnitCommand(args: {
  values: ServiceUnitFlags
  dataDir: string
  config: string | undefined
  root: string
}): Promise<number> {
  const { values } = args
  const flags: string[] = []
  const pass = (name: string, value: string | undefined) => {
    if (value !== undefined) flags.push(`--${name}`, value)
  }
  pass('public-url', values['public-url'])
  pass('host', values.host)
  pass('port', values.port)
  for (const proxy of values['trusted-proxy'] ?? []) pass('trusted-proxy', proxy)
  if (values['no-signup']) flags.push('--no-signup')
  pass('backup-every', values['backup-every'])
  pass('backup-keep', values['backup-keep'])
  if (values['data-dir']) pass('data-dir', path.resolve(values['data-dir']))
  if (values.workdir) pass('workdir', path.resolve(values.workdir))
  const settingsFile = settingsPath(path.resolve(args.dataDir), args.config)
  if (existsSync(settingsFile)) {
    await loadSettings(settingsFile, true)
  } else {
    process.stderr.write(
      `Write the server's settings to ${settingsFile} (mode 0600) before starting the unit: ` +
        `systemd reads it (EnvironmentFile=) and serve too (docs/own-server.md).\n`
    )
  }
  process.stdout.write(
    serviceUnit({
      root: args.root,
      serveArgs: flags,
      user: currentUser(),
      nodePath: process.execPath,
      settingsFile,
    })
  )
  return 0
}
