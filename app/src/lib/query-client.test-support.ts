// The app's tests' one QueryClient: no retries, so a failing query fails at once.
import { QueryClient } from '@tanstack/react-query'

export function testQueryClient(
  options: { staleTime?: number; enabled?: boolean } = {}
): QueryClient {
  const { staleTime, enabled } = options
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        ...(staleTime !== undefined ? { staleTime } : {}),
        ...(enabled !== undefined ? { enabled } : {}),
      },
    },
  })
}
