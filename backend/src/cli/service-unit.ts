// `service-unit`: a systemd unit that runs `serve` at boot, restarts it when it fails and stops it
// with SIGTERM (the stack then stops in order: services, pools, PostgreSQL). It runs node on
// scripts/serve.mjs itself, not npm, so that the signal reaches the stack and nothing else; the
// app is built there when stale, as `npm run serve` does. The serve flags given are passed on.
import os from 'node:os'
import path from 'node:path'

export interface ServiceUnitArgs {
  /** The repository's root folder (where package.json and scripts/serve.mjs are). */
  root: string
  /** Flags for serve, e.g. ['--public-url', 'https://chat.example.com']. */
  serveArgs: string[]
  /** The account to run as; none (root) when run as root. */
  user: string | null
  nodePath: string
}

/** systemd's quoting of one ExecStart word. */
function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `"${word.replace(/["\\]/g, '\\$&')}"`
}

export function serviceUnit(args: ServiceUnitArgs): string {
  const exec = [args.nodePath, path.join(args.root, 'scripts', 'serve.mjs'), ...args.serveArgs]
  return `# Chorus in production mode (npm run serve). Install it with:
#   npm run --silent backend -- service-unit --public-url https://chat.example.com > /etc/systemd/system/chorus.service
#   systemctl daemon-reload && systemctl enable --now chorus
# Logs: journalctl -u chorus (one line per event; LOG_LEVEL=debug adds every request).
[Unit]
Description=Chorus team chat (npm run serve)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
WorkingDirectory=${args.root}
${args.user ? `User=${args.user}\n` : ''}Environment=NODE_ENV=production
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
