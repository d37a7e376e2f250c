// TanStack Query holds server state. Stale times come from one table so they are chosen once.
import { QueryClient } from '@tanstack/react-query'
import { isNetworkError } from './clean-error.ts'

export const STALE = {
  SECONDS: { THIRTY: 30_000 },
  MINUTES: { ONE: 60_000, FIVE: 300_000 },
  INFINITY: Infinity,
} as const

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE.SECONDS.THIRTY,
        refetchOnWindowFocus: false,
        // A network failure is retried until the server answers (the screen says it is
        // unreachable meanwhile); anything else is an answer.
        retry: (_, error) => isNetworkError(error),
      },
      mutations: { retry: false },
    },
  })
}
