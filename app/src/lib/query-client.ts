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
        retry: (failures, error) => isNetworkError(error) && failures < 3,
      },
      mutations: { retry: false },
    },
  })
}
