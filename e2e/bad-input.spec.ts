// Bad input gets a clear message and loses nothing: script-bearing markdown shows as text,
// oversized messages are explained (a paste past the limit is attached as a text file), unsent
// text stays where it was; a file of any type is shared, a web page among them served as text
// (never a page of the app's origin).
import { expect, test } from './support/test.ts'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  waitLive,
} from './support/actors.ts'
import { inOwnWorkspace } from './support/workspace.ts'

test('injection shows as text, limits are explained, nothing typed is lost', async ({
  browser,
}) => {
  const gil = await actor(browser, 'Gil')
  await inOwnWorkspace(gil, `Edge ${Date.now().toString(36)}`)
  await waitLive(gil.page)
  const page = gil.page
  let dialogs = 0
  page.on('dialog', (d) => {
    dialogs += 1
    void d.dismiss()
  })

  await test.step('HTML and javascript: links render as text, never as elements', async () => {
    await send(
      page,
      '<img src=x onerror="alert(1)"> and [click](javascript:alert(2)) and <script>alert(3)</script>'
    )
    const message = messageWith(page, 'and [click](javascript:alert(2))')
    await expect(message).toBeVisible()
    await expect(message.locator('img')).toHaveCount(0)
    await expect(message.locator('script')).toHaveCount(0)
    await expect(message.locator('a')).toHaveCount(0)
    await expect(message.locator('.message-body')).toContainText('<img src=x onerror="alert(1)">')
    expect(dialogs).toBe(0)
  })

  await test.step('an oversized message is refused with the limit and stays in the box', async () => {
    const long = 'x'.repeat(40001)
    await composer(page).fill(long)
    await expect(page.getByText('40,001 / 40,000')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled()
    await composer(page).press('Enter')
    await expect(page.getByRole('alert').filter({ hasText: 'the limit is 40,000' })).toBeVisible()
    await expect(composer(page)).toHaveValue(long)
  })

  await test.step('a paste past the limit becomes a text file sent with the message', async () => {
    await composer(page).fill('')
    const log = 'a line of a long log\n'.repeat(3000)
    await composer(page).evaluate((box, text) => {
      const data = new DataTransfer()
      data.setData('text/plain', text)
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
      )
    }, log)
    await expect(
      page.getByRole('progressbar', { name: 'Upload of Pasted text.txt' })
    ).toHaveAttribute('class', 'progress-done')
    await expect(composer(page)).toHaveValue('')
    await send(page, 'the whole log')
    const card = messageWith(page, 'the whole log').getByRole('figure', {
      name: 'Snippet Pasted text.txt',
    })
    await expect(card.locator('.file-name')).toHaveText('Pasted text.txt')
    const download = card.getByRole('link', { name: 'Download Pasted text.txt' })
    await expect(download).toHaveAttribute('href', /\/storage\/v1\/object\/sign\/attachments\//)
    const response = await page.request.get((await download.getAttribute('href'))!)
    expect(await response.text()).toBe(log)
  })

  await test.step('an empty message is not sent', async () => {
    await composer(page).fill('   ')
    await composer(page).press('Enter')
    await expect(
      page.getByRole('alert').filter({ hasText: 'Type a message or attach a file first.' })
    ).toBeVisible()
  })

  await test.step('a file of any type is shared; a web page is served as text', async () => {
    await page.getByTestId('file-input').setInputFiles([
      {
        name: 'page.html',
        mimeType: 'text/html',
        buffer: Buffer.from('<script>alert(1)</script>'),
      },
      { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ])
    for (const name of ['page.html', 'tool.exe'])
      await expect(page.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute(
        'class',
        'progress-done'
      )
    await send(page, 'a page and a program')
    const message = messageWith(page, 'a page and a program')
    const cards = message.locator('.attachments > *')
    await expect(cards).toHaveCount(2)
    // the page a snippet of its text, the program a download card
    await expect(
      message.getByRole('figure', { name: 'Snippet page.html' }).locator('pre')
    ).toHaveText('<script>alert(1)</script>')
    await expect(cards.locator('script')).toHaveCount(0)
    await expect(message.locator('.file-card')).toContainText('tool.exe')
    const link = cards.getByRole('link', { name: 'Download page.html' })
    await expect(link).toHaveAttribute('href', /\/storage\/v1\/object\/sign\/attachments\//)
    const response = await page.request.get((await link.getAttribute('href'))!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('text/plain')
    expect(response.headers()['content-disposition']).toMatch(/^attachment;/)
    expect(response.headers()['content-security-policy']).toContain('sandbox')
  })

  await test.step('a text file becomes a snippet whose signed link serves it', async () => {
    await page.getByTestId('file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('meeting notes: ship it'),
    })
    await expect(page.getByRole('progressbar', { name: 'Upload of notes.txt' })).toHaveAttribute(
      'class',
      'progress-done'
    )
    await send(page, 'the notes')
    const card = messageWith(page, 'the notes').getByRole('figure', { name: 'Snippet notes.txt' })
    await expect(card).toContainText('notes.txt')
    await expect(card.locator('pre')).toHaveText('meeting notes: ship it')
    const download = card.getByRole('link', { name: 'Download notes.txt' })
    await expect(download).toHaveAttribute('href', /\/storage\/v1\/object\/sign\/attachments\//)
    const response = await page.request.get((await download.getAttribute('href'))!)
    expect(response.status()).toBe(200)
    expect(await response.text()).toBe('meeting notes: ship it')
  })

  await test.step('odd Unicode passes through intact', async () => {
    await composer(page).fill('Zoë 👩🏽‍💻 naïve café — ok')
    await composer(page).press('Enter')
    // Confirmed, so that Up (which edits sent messages only) finds it; the emoji is the shipped
    // image, the sequence whole as its alt text (issue 53, item 5)
    const sent = confirmedMessageWith(page, 'naïve café — ok')
    await expect(sent.locator('.message-body')).toHaveText('Zoë  naïve café — ok')
    await expect(sent.locator('.message-body img')).toHaveAttribute('alt', '👩🏽‍💻')
  })

  await test.step('edit my last message with Up, and the edit shows as edited', async () => {
    await composer(page).fill('')
    await composer(page).press('ArrowUp')
    const editor = page.getByRole('combobox', { name: 'Edit message' })
    await expect(editor).toHaveValue('Zoë 👩🏽‍💻 naïve café — ok')
    await editor.fill('Zoë 👩🏽‍💻 edited')
    await editor.press('Enter')
    const edited = messageWith(page, 'Zoë  edited')
    await expect(edited.locator('.message-body img')).toHaveAttribute('alt', '👩🏽‍💻')
    await expect(edited.locator('.edited-mark')).toHaveText('(edited)')
  })

  await test.step('the keyboard moves through messages and edits the focused one with e', async () => {
    const feed = page.getByRole('feed', { name: 'Messages' })
    await feed.focus()
    await feed.press('End')
    const focused = page.locator('article.message:focus')
    await expect(focused).toContainText('Zoë  edited')
    await focused.press('ArrowUp')
    await expect(page.locator('article.message:focus')).toContainText('the notes')
    await page.locator('article.message:focus').press('ArrowDown')
    await expect(page.locator('article.message:focus')).toContainText('Zoë  edited')
    await page.locator('article.message:focus').press('e')
    const editor = page.getByRole('combobox', { name: 'Edit message' })
    await expect(editor).toHaveValue('Zoë 👩🏽‍💻 edited')
    await editor.press('Escape')
    await expect(editor).toHaveCount(0)
    await expect(composer(page)).toBeFocused()
  })
  await gil.context.close()
})
