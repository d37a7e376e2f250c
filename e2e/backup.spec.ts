// Backups end to end, as a team on its own server takes and uses them: on a `serve` stack of the
// spec's own (production mode in any arrangement: its own keys, its own SMTP server), Ana signs up,
// writes in #general and shares an image; `backup` (the CLI, on the running server) writes the
// archive; a message written after it is not in it. The server is stopped and its folder deleted;
// `restore` fills a fresh data folder from the archive, and `serve` on that folder, at another
// address, comes up with the same keys (serve-secrets.json was in the archive: never the demo
// keys, never new ones). Ana signs in there with her password through the form, and finds her
// workspace, her message and her image, byte for byte, and not the later message.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from './support/test.ts'
import {
  actor,
  confirmedMessageWith,
  messageWith,
  send,
  signIn,
  signUpByApi,
  waitLive,
} from './support/actors.ts'
import { ownStack } from './support/own-stack.ts'
import { startProductionStack } from './support/production-stack.ts'
import type { ProductionStack } from './support/production-stack.ts'
import { runCli } from './support/serve-process.ts'
import { createWorkspace } from './support/workspace.ts'

// A real 4x4 PNG (made with sharp).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

let folder = ''
let original: ProductionStack | null = null
let restored: ProductionStack | null = null
const first = ownStack(async () => (original = await startProductionStack()))
const second = ownStack(
  async () => (restored = await startProductionStack({ dataDir: path.join(folder, 'restored') }))
)

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-backup-'))
})

test.afterAll(async () => {
  test.setTimeout(120_000)
  await second.stop()
  await first.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

test('a backup of a serve stack, restored into a fresh folder and served again, brings the team back with its keys', async ({
  browser,
}) => {
  test.setTimeout(360_000)
  const stamp = Date.now().toString(36)
  const archive = path.join(folder, 'chorus-backup.tar.gz')
  const workspace = `Backed up ${stamp}`
  const ana = await actor(browser, 'Ana')

  await test.step('a team on its server: a message and an image, then a backup', async () => {
    await first.start()
    await signUpByApi(ana)
    await createWorkspace(ana, workspace)
    await waitLive(ana.page)
    await ana.page
      .getByTestId('file-input')
      .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG })
    await expect(
      ana.page.getByRole('progressbar', { name: 'Upload of pixels.png' })
    ).toHaveAttribute('class', 'progress-done')
    await send(ana.page, `before the backup ${stamp}`)
    await expect(confirmedMessageWith(ana.page, `before the backup ${stamp}`)).toHaveCount(1)
    const backup = await runCli([
      'backup',
      '--workdir',
      original!.workdir,
      '--data-dir',
      original!.dataDir,
      '--output',
      archive,
    ])
    expect(backup.code, backup.stderr).toBe(0)
    await send(ana.page, `after the backup ${stamp}`)
    await ana.context.close()
    await first.stop()
  })

  await test.step('restored into a fresh folder and served at another address, with its keys', async () => {
    const restore = await runCli(['restore', archive, '--data-dir', path.join(folder, 'restored')])
    expect(restore.code, restore.stderr).toBe(0)
    await second.start()
    expect(restored!.appUrl).not.toBe(original!.appUrl)
    expect(restored!.anonKey).toMatch(/^sb_publishable_/)
    expect(restored!.anonKey).toBe(original!.anonKey)
    expect(restored!.serviceRoleKey).toBe(original!.serviceRoleKey)
  })

  await test.step('Ana signs in with her password and finds everything the backup held', async () => {
    const again = await actor(browser, 'Ana')
    const person = { ...again, name: ana.name, email: ana.email, password: ana.password }
    await signIn(person)
    await expect(
      again.page.getByRole('heading', { level: 2, name: 'general', exact: true })
    ).toBeVisible()
    await expect(again.page.getByRole('heading', { level: 1, name: workspace })).toBeVisible()
    await waitLive(again.page)
    const message = messageWith(again.page, `before the backup ${stamp}`)
    await expect(message).toBeVisible()
    const image = message.getByRole('img', { name: 'pixels.png' })
    await expect(image).toBeVisible()
    const bytes = await image.evaluate(async (img: HTMLImageElement) => {
      const response = await fetch(img.src)
      const buffer = new Uint8Array(await response.arrayBuffer())
      return Array.from(buffer)
    })
    expect(Buffer.from(bytes).equals(PNG)).toBe(true)
    await expect(messageWith(again.page, `after the backup ${stamp}`)).toHaveCount(0)
  })
})
