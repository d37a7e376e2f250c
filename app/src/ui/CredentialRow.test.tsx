import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { dateTimeLabel } from '../lib/date-formats.ts'
import { CredentialRow } from './CredentialRow.tsx'

// jsdom has no :modal: an open <dialog> is one here, as one opened with showModal is in Chromium.
beforeAll(() => {
  const matches = Element.prototype.matches
  Element.prototype.matches = function (this: Element, selector: string) {
    if (selector === ':modal') return this instanceof HTMLDialogElement && this.open
    return matches.call(this, selector)
  } as typeof matches
})

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const made = '2026-11-20T09:15:00Z'
const used = '2026-11-26T17:40:00Z'

function row(props: Partial<Parameters<typeof CredentialRow>[0]> = {}) {
  const onRegenerate = vi.fn()
  const onRevoke = vi.fn()
  render(
    <ul>
      <CredentialRow
        name="Deploy Bot"
        createdBy="Ana"
        createdAt={made}
        lastUsedAt={null}
        revokedAt={null}
        busy={false}
        regenerate={{
          label: 'Regenerate token',
          question: 'Regenerate the token of Deploy Bot?',
          onConfirm: onRegenerate,
        }}
        revoke={{ label: 'Revoke bot', question: 'Revoke Deploy Bot?', onConfirm: onRevoke }}
        {...props}
      />
    </ul>
  )
  return { item: screen.getByRole('listitem', { name: 'Deploy Bot' }), onRegenerate, onRevoke }
}

// The first question loads the layers' chunk: more than findBy's second while the suite transforms.
const question = () => screen.findByRole('alertdialog', undefined, { timeout: 15_000 })

describe('CredentialRow', { timeout: 30_000 }, () => {
  it('says who made it, when, and that it was never used', () => {
    const { item } = row()
    expect(item.textContent).toContain(`Created by Ana on ${dateTimeLabel(made)}`)
    expect(item.textContent).toContain('never used')
    expect(item.textContent).not.toContain('revoked')
  })

  it('says when it was last used, and a former member as its maker', () => {
    const { item } = row({ createdBy: null, lastUsedAt: used })
    expect(item.textContent).toContain(`Created by a former member on ${dateTimeLabel(made)}`)
    expect(item.textContent).toContain(`last used ${dateTimeLabel(used)}`)
  })

  it('revokes only once the question is answered Revoke', async () => {
    const { item, onRevoke, onRegenerate } = row()
    fireEvent.click(within(item).getByRole('button', { name: 'Revoke' }))
    const asked = await question()
    expect(asked.textContent).toContain('Revoke bot')
    expect(asked.textContent).toContain('Revoke Deploy Bot?')
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }))
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(onRevoke).not.toHaveBeenCalled()

    fireEvent.click(within(item).getByRole('button', { name: 'Revoke' }))
    const again = await question()
    fireEvent.click(within(again).getByRole('button', { name: 'Revoke' }))
    await vi.waitFor(() => expect(onRevoke).toHaveBeenCalledTimes(1))
    expect(onRegenerate).not.toHaveBeenCalled()
  })

  it('regenerates once the question is answered Regenerate', async () => {
    const { item, onRegenerate, onRevoke } = row()
    fireEvent.click(within(item).getByRole('button', { name: 'Regenerate token' }))
    const asked = await question()
    expect(asked.textContent).toContain('Regenerate the token of Deploy Bot?')
    fireEvent.click(within(asked).getByRole('button', { name: 'Regenerate' }))
    await vi.waitFor(() => expect(onRegenerate).toHaveBeenCalledTimes(1))
    expect(onRevoke).not.toHaveBeenCalled()
  })

  it("shows the kind's title, lines and actions; no Regenerate when it has none", () => {
    const { item } = row({
      title: <strong>/deploy</strong>,
      regenerate: undefined,
      actions: <button type="button">Edit URL</button>,
      children: <div>https://example.com/slack</div>,
    })
    expect(item.textContent).toContain('/deploy')
    expect(item.textContent).toContain('https://example.com/slack')
    const names = within(item)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(names).toEqual(['Edit URL', 'Revoke'])
  })

  it('waits while busy, and has no actions while editing or once revoked', () => {
    const busy = row({ busy: true })
    for (const b of within(busy.item).getAllByRole('button'))
      expect(b).toHaveProperty('disabled', true)
    cleanup()
    const editing = row({ editing: true })
    expect(within(editing.item).queryAllByRole('button')).toEqual([])
    cleanup()
    const revoked = row({ revokedAt: used })
    expect(revoked.item.textContent).toContain('· revoked')
    expect(within(revoked.item).queryAllByRole('button')).toEqual([])
  })
})
