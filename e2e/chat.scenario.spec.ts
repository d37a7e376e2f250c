// Two people in separate browser contexts, end to end against the real stack: sign up and
// confirm by email, create a workspace, invite by link, chat live both ways, react, share an
// image, see typing and presence, and lose the network: nothing lost, nothing doubled.
import { expect, test } from './support/test.ts'
import { actor, composer, messageTexts, messageWith, send, waitLive } from './support/actors.ts'
import { showMembers } from './support/members.ts'
import { twoInGeneral } from './support/workspace.ts'

// A real 4x4 PNG (made with sharp).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YRMFRwzEcQA/8hXhIXl1IQAAAABJRU5ErkJggg==',
  'base64'
)

test(
  'two people chat live, react, share an image, see typing and presence, and survive going offline',
  { tag: '@core' },
  async ({ browser }) => {
    const alice = await actor(browser, 'Alice')
    const bob = await actor(browser, 'Bob')
    const workspace = `Team ${Date.now().toString(36)}`
    await twoInGeneral(alice, bob, workspace, 'form')

    await test.step('chat live both ways, with markdown', async () => {
      await send(alice.page, 'Hello Bob, welcome!')
      await expect(messageWith(bob.page, 'Hello Bob, welcome!')).toBeVisible()
      await send(bob.page, 'Thanks **Alice**, glad to be here')
      const reply = messageWith(alice.page, 'glad to be here')
      await expect(reply).toBeVisible()
      await expect(reply.locator('strong')).toHaveText('Alice')
    })

    await test.step('react and see who reacted', async () => {
      const hello = messageWith(bob.page, 'Hello Bob, welcome!')
      await hello.hover()
      await hello.getByRole('button', { name: 'Add reaction' }).click()
      await bob.page.getByRole('menuitem', { name: '🎉' }).click()
      const onAlice = messageWith(alice.page, 'Hello Bob, welcome!').locator('.reaction')
      await expect(onAlice).toHaveCount(1)
      await expect(onAlice).toContainText('1')
      await expect(onAlice).toHaveAttribute('title', new RegExp(`🎉 by ${bob.name}`))
    })

    await test.step('see typing and presence', async () => {
      await composer(alice.page).pressSequentially('I am typing', { delay: 20 })
      await expect(bob.page.locator('.typing-indicator')).toHaveText(`${alice.name} is typing…`)
      await composer(alice.page).fill('')
      await showMembers(alice.page)
      await showMembers(bob.page)
      await expect(alice.page.locator(`.members-panel li[data-online="true"]`)).toHaveCount(2)
      await expect(bob.page.locator(`.members-panel li[data-online="true"]`)).toHaveCount(2)
    })

    await test.step('share an image and see it on the other side', async () => {
      await alice.page
        .getByTestId('file-input')
        .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG })
      await expect(
        alice.page.getByRole('progressbar', { name: 'Upload of pixels.png' })
      ).toHaveAttribute('class', 'progress-done')
      await send(alice.page, 'Here is the mockup')
      const image = messageWith(bob.page, 'Here is the mockup').getByRole('img', {
        name: 'pixels.png',
      })
      await expect(image).toBeVisible()
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(4)
    })

    await test.step('Bob goes offline, keeps writing; both sides end with every message once, in order', async () => {
      await bob.context.setOffline(true)
      await expect(bob.page.locator('[data-status]')).toHaveAttribute('data-status', 'offline')
      await send(bob.page, 'offline one')
      await send(bob.page, 'offline two')
      await expect(bob.page.locator('article.message-pending')).toHaveCount(2)
      await send(alice.page, 'while Bob is away 1')
      await send(alice.page, 'while Bob is away 2')
      await send(bob.page, 'offline three')
      // Alice's sends are confirmed (stored with their seq) before Bob returns, so the order is known.
      await expect(alice.page.locator('article.message-pending')).toHaveCount(0)
      await expect(messageWith(alice.page, 'while Bob is away 2')).toBeVisible()
      await bob.context.setOffline(false)
      await waitLive(bob.page)
      await expect(bob.page.locator('article.message-pending')).toHaveCount(0)

      const expected = [
        'Hello Bob, welcome!',
        'Thanks Alice, glad to be here',
        'Here is the mockup',
        'while Bob is away 1',
        'while Bob is away 2',
        'offline one',
        'offline two',
        'offline three',
      ]
      // Bob's offline messages were sent after Alice's, so they come after hers on both sides.
      await expect(messageTexts(bob.page)).toHaveText(expected)
      await expect(messageTexts(alice.page)).toHaveText(expected)
    })

    await alice.context.close()
    await bob.context.close()
  }
)
