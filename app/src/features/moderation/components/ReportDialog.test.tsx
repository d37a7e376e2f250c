// "Report message" quotes the message as people read it: its mentions as names, not the tokens
// the body stores.
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { testQueryClient } from '../../../lib/query-client.test-support.ts'
import ReportDialog from './ReportDialog.tsx'

afterEach(cleanup)

const ANN = '22222222-2222-4222-8222-222222222222'

it('quotes the reported message with its mentions as names', async () => {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ReportDialog
        channelId="c1"
        message={{ id: 'm1', body: `<@${ANN}> see **this** <!channel>` }}
        author="Bo"
        nameOf={(id) => (id === ANN ? 'Ann Lee' : 'someone')}
        onClose={() => {}}
      />
    </QueryClientProvider>
  )
  const quote = await screen.findByText(/see/, { selector: 'blockquote' })
  expect(quote.textContent).toBe('@Ann Lee see **this** @channel')
})
