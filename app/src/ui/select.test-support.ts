// Driving ui/Select.tsx in a unit test as a person does: open the combobox, click an option of its
// listbox (jsdom lacks a few of the element methods Radix's Select calls: added here).
import { act, fireEvent, screen, within } from '@testing-library/react'

function polyfill() {
  Element.prototype.scrollIntoView ??= () => {}
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
}

/** Opens the select and returns its listbox. */
export async function openSelect(trigger: HTMLElement): Promise<HTMLElement> {
  polyfill()
  act(() => trigger.focus())
  fireEvent.keyDown(trigger, { key: 'Enter' })
  return screen.findByRole('listbox')
}

/** The names of the select's options, in order (the list is closed again). */
export async function optionNames(trigger: HTMLElement): Promise<string[]> {
  const list = await openSelect(trigger)
  const names = within(list)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '')
  fireEvent.keyDown(list, { key: 'Escape' })
  return names
}

/** Opens the select and clicks the option named `name`. */
export async function choose(trigger: HTMLElement, name: string | RegExp): Promise<void> {
  const list = await openSelect(trigger)
  fireEvent.click(within(list).getByRole('option', { name }))
}
