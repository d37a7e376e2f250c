// The BOT badge in a list of people (slots/person.ts): the list reads the bots' ids once for all
// its names (PersonListScope), not once per name, and badges the bot alone.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { testQueryClient } from '../../lib/query-client.test-support.ts'
import { PeoplePicker } from '../../ui/PeoplePicker.tsx'
import { botIdsKey } from './data/bot-ids.ts'

afterEach(cleanup)

const people = Array.from({ length: 60 }, (_, i) => ({ id: `p${i + 1}`, name: `Person ${i + 1}` }))

it('reads the bots once for the people picker’s 50 names, and badges the bot', () => {
  const client = testQueryClient()
  client.setQueryData(botIdsKey, ['p2'])
  render(
    <QueryClientProvider client={client}>
      <PeoplePicker label="Message" people={people} selected={[]} onChange={() => {}} />
    </QueryClientProvider>
  )
  expect(document.querySelectorAll('input[type="checkbox"]')).toHaveLength(50)
  expect(screen.getAllByText('BOT')).toHaveLength(1)
  expect(document.querySelector('li:nth-child(2) .bot-badge')).not.toBeNull()
  // One observer of the bots' query for the 50 names (each name had one of its own).
  expect(client.getQueryCache().find({ queryKey: botIdsKey })?.getObserversCount()).toBe(1)
})
