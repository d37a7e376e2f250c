// The form controls of ui/ as a person uses them: named by their labels, changed by pointer and
// keyboard, saying their state (role switch/radio/tab/combobox, checked, selected).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { RadioGroup } from './RadioGroup.tsx'
import { Select } from './Select.tsx'
import { Switch } from './Switch.tsx'
import { Tabs } from './Tabs.tsx'

beforeAll(() => {
  // What Radix's Select calls that jsdom does not have.
  Element.prototype.scrollIntoView ??= () => {}
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
})

function Stateful<T>({
  initial,
  children,
}: {
  initial: T
  children: (v: T, set: (v: T) => void) => ReactNode
}) {
  const [value, setValue] = useState(initial)
  return <>{children(value, setValue)}</>
}

describe('Switch', () => {
  it('is a switch named by its label, flipped by a click on it or its label', async () => {
    render(
      <Stateful initial={false}>
        {(on, set) => (
          <Switch label="Email me" hint="About mentions" checked={on} onCheckedChange={set} />
        )}
      </Stateful>
    )
    const toggle = screen.getByRole('switch', { name: 'Email me' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy()
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    await userEvent.click(screen.getByText('Email me'))
    expect(toggle.getAttribute('aria-checked')).toBe('false')
  })
})

describe('RadioGroup', () => {
  it('is a radiogroup named by its label; a click on an option chooses it', async () => {
    render(
      <Stateful initial={'system'}>
        {(value, set) => (
          <RadioGroup
            label="Theme"
            value={value}
            onValueChange={set}
            options={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
              { value: 'system', label: 'System' },
            ]}
          />
        )}
      </Stateful>
    )
    const group = screen.getByRole('radiogroup', { name: 'Theme' })
    const radio = (name: string) => within(group).getByRole('radio', { name })
    expect(radio('System').getAttribute('aria-checked')).toBe('true')
    await userEvent.click(screen.getByText('Dark'))
    expect(radio('Dark').getAttribute('aria-checked')).toBe('true')
    expect(radio('System').getAttribute('aria-checked')).toBe('false')
  })
})

describe('Tabs', () => {
  it('shows the chosen tab’s panel, labelled by its tab', async () => {
    render(
      <Stateful initial={'a'}>
        {(value, set) => (
          <Tabs
            label="Preferences"
            value={value}
            onValueChange={set}
            tabs={[
              { value: 'a', label: 'Notifications', content: <p>Levels</p> },
              { value: 'b', label: 'Appearance', content: <p>Theme</p> },
            ]}
          />
        )}
      </Stateful>
    )
    expect(screen.getByRole('tablist', { name: 'Preferences' })).toBeTruthy()
    expect(screen.getByRole('tabpanel', { name: 'Notifications' }).textContent).toBe('Levels')
    await userEvent.click(screen.getByRole('tab', { name: 'Appearance' }))
    expect(screen.getByRole('tab', { name: 'Appearance' }).getAttribute('aria-selected')).toBe(
      'true'
    )
    expect(screen.getByRole('tabpanel', { name: 'Appearance' }).textContent).toBe('Theme')
  })
})

describe('Select', () => {
  it('is a combobox named by its label showing the choice; the keyboard picks another', async () => {
    const picked: string[] = []
    render(
      <Stateful initial={'mentions'}>
        {(value, set) => (
          <Select
            label="Notify me about"
            value={value}
            onValueChange={(v) => {
              picked.push(v)
              set(v)
            }}
            options={[
              { value: 'all', label: 'All messages' },
              { value: 'mentions', label: 'Mentions and direct messages' },
              { value: 'nothing', label: 'Nothing' },
            ]}
          />
        )}
      </Stateful>
    )
    const trigger = screen.getByRole('combobox', { name: 'Notify me about' })
    expect(trigger.textContent).toContain('Mentions and direct messages')
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const list = await screen.findByRole('listbox')
    fireEvent.click(within(list).getByRole('option', { name: 'Nothing' }))
    expect(picked).toEqual(['nothing'])
    expect(screen.getByRole('combobox', { name: 'Notify me about' }).textContent).toContain(
      'Nothing'
    )
  })

  it('takes its Escape for itself (prevented): the list closes, a dialog around it stays', async () => {
    render(
      <Select
        label="Time zone"
        value="UTC"
        onValueChange={() => {}}
        options={[
          { value: 'UTC', label: 'Coordinated Universal Time' },
          { value: 'Asia/Tokyo', label: 'Japan Time (Tokyo)' },
        ]}
      />
    )
    const trigger = screen.getByRole('combobox', { name: 'Time zone' })
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const list = await screen.findByRole('listbox')
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    act(() => void within(list).getByRole('option', { name: /Tokyo/ }).dispatchEvent(escape))
    // Prevented: the browser does not cancel the modal <dialog> the select is in.
    expect(escape.defaultPrevented).toBe(true)
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull())
  })
})

describe('in a right-to-left page', () => {
  it('the select, the tabs and the radio group lay themselves out and move right to left', () => {
    document.documentElement.dir = 'rtl'
    try {
      const { container } = render(
        <>
          <Select
            label="Notify me about"
            value="all"
            onValueChange={() => {}}
            options={[{ value: 'all', label: 'All messages' }]}
          />
          <Tabs
            label="Preferences"
            value="a"
            onValueChange={() => {}}
            tabs={[{ value: 'a', label: 'Notifications', content: <p>Levels</p> }]}
          />
          <RadioGroup
            label="Theme"
            value="light"
            onValueChange={() => {}}
            options={[{ value: 'light', label: 'Light' }]}
          />
        </>
      )
      expect(
        within(container).getByRole('combobox', { name: 'Notify me about' }).getAttribute('dir')
      ).toBe('rtl')
      expect(
        within(container)
          .getByRole('tablist', { name: 'Preferences' })
          .closest('[dir]')
          ?.getAttribute('dir')
      ).toBe('rtl')
      expect(within(container).getByRole('radiogroup', { name: 'Theme' }).getAttribute('dir')).toBe(
        'rtl'
      )
    } finally {
      document.documentElement.dir = ''
    }
  })
})
