import { mkdir, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { duration, serveFacts, size } from './serve-status.ts'
import { serviceUnit } from './service-unit.ts'
import { temporaryFolders } from '../../test/support/temp-folders.ts'

const folders = temporaryFolders()

describe('status of a serve-mode stack', () => {
  it('tells the uptime, the data folder disk use and the newest backup ("none" without one)', async () => {
    const dataDir = await folders.make('serve-status-')
    await writeFile(path.join(dataDir, 'serve-secrets.json'), 'x'.repeat(10_000))
    const start = '2026-01-01T00:00:00.000Z'
    const now = Date.parse(start) + (2 * 3600 + 5 * 60 + 7) * 1000
    const before = await serveFacts(dataDir, start, now)
    expect(before.UPTIME).toBe('2h 5m')
    expect(before.LAST_BACKUP).toBe('none')
    expect(before.DISK_USE).toMatch(new RegExp(`^\\d+\\.\\d KiB in ${dataDir}$`))

    const backups = path.join(dataDir, 'backups')
    await mkdir(backups)
    const older = path.join(backups, 'chorus-backup-20260101T000000Z.tar.gz')
    const newer = path.join(backups, 'chorus-backup-20260102T000000Z.tar.gz')
    await writeFile(older, 'a')
    await writeFile(newer, 'b')
    await writeFile(path.join(backups, 'notes.txt'), 'not a backup')
    await utimes(older, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))
    await utimes(newer, new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z'))
    const after = await serveFacts(dataDir, start, now)
    expect(after.LAST_BACKUP).toBe(`${newer} (2026-01-02T00:00:00.000Z)`)
  })

  it('writes durations and sizes for people', () => {
    expect(duration(65_000)).toBe('1m 5s')
    expect(duration((3 * 86400 + 4 * 3600 + 5 * 60) * 1000)).toBe('3d 4h 5m')
    expect(size(512)).toBe('512 B')
    expect(size(5 * 1024 * 1024)).toBe('5.0 MiB')
  })
})

describe('service-unit', () => {
  it('runs serve at boot with the flags given, restarts on failure, stops with SIGTERM', () => {
    const unit = serviceUnit({
      root: '/opt/chorus',
      serveArgs: ['--public-url', 'https://chat.example.com', '--data-dir', '/srv/chorus data'],
      user: 'chorus',
      nodePath: '/usr/bin/node',
      settingsFile: '/srv/chorus data/chorus.env',
    })
    expect(unit).toContain(
      'ExecStart=/usr/bin/node --import tsx /opt/chorus/scripts/serve.ts --public-url https://chat.example.com --data-dir "/srv/chorus data" --config "/srv/chorus data/chorus.env"\n'
    )
    for (const line of [
      // systemd gives the stack the settings file's variables (SMTP_PASS …), serve reads it too.
      'EnvironmentFile=/srv/chorus data/chorus.env',
      'WorkingDirectory=/opt/chorus',
      'User=chorus',
      'Restart=on-failure',
      'KillSignal=SIGTERM',
      'WantedBy=multi-user.target',
    ]) {
      expect(unit).toContain(`\n${line}\n`)
    }
    expect(
      serviceUnit({
        root: '/opt/chorus',
        serveArgs: [],
        user: null,
        nodePath: 'node',
        settingsFile: '/opt/chorus/supabase/.temp/local-stack/chorus.env',
      })
    ).not.toContain('User=')
  })
})
