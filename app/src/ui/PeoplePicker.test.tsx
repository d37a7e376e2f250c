import { QueryClientProvider } from '@tanstack/react-query'
import { testQueryClient } from '../lib/query-client.test-support.ts'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PeoplePicker } from './PeoplePicker.tsx'
import type { Person } from './PeoplePicker.tsx'

afterEach(cleanup)

const people: Person[] = [
  ...Array.from({ length: 60 }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Person ${String(i + 1).padStart(3, '0')}`,
  })),
  { id: 'zoe', name: 'Zoe Lang' },
]

function Picker({ onPick }: { onPick?: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([])
  return (
    <QueryClientProvider client={testQueryClient()}>
      <PeoplePicker
        label="Message"
        people={people}
        selected={selected}
        onChange={(ids) => {
          setSelected(ids)
          onPick?.(ids)
        }}
      />
    </QueryClientProvider>
  )
}

// Queried by selector: role queries over a few hundred elements take seconds in jsdom.
const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
const showMore = () => document.querySelector('li.show-more button')
const filter = () => screen.getByLabelText('Filter people')

describe('PeoplePicker', () => {
  it('draws a page of people at a time, the next on "Show more"', () => {
    render(<Picker />)
    expect(boxes()).toHaveLength(50)
    expect(showMore()?.textContent).toBe('Show 11 more (11 left)')
    fireEvent.click(showMore()!)
    expect(boxes()).toHaveLength(61)
    expect(showMore()).toBeNull()
  })

  it('filters by a word of the name, and starts again from one page', () => {
    render(<Picker />)
    fireEvent.click(showMore()!)
    expect(boxes()).toHaveLength(61)
    fireEvent.change(filter(), { target: { value: 'LA' } })
    expect(boxes().map((b) => b.closest('label')?.textContent)).toEqual(['Zoe Lang'])
    fireEvent.change(filter(), { target: { value: 'erson' } })
    expect(document.querySelector('fieldset p')?.textContent).toBe('Nobody matches.')
    fireEvent.change(filter(), { target: { value: '' } })
    expect(boxes()).toHaveLength(50)
  })

  it('keeps what was picked through a filter', () => {
    const picks: string[][] = []
    render(<Picker onPick={(ids) => picks.push(ids)} />)
    fireEvent.click(boxes()[1]!)
    fireEvent.change(filter(), {
      target: { value: 'zoe' },
    })
    fireEvent.click(boxes()[0]!)
    expect(picks.at(-1)).toEqual(['p2', 'zoe'])
    fireEvent.change(filter(), {
      target: { value: '' },
    })
    expect(boxes()[1]!.checked).toBe(true)
  })
})
