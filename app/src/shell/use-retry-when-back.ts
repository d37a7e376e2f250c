// The queries that failed for the network try again the moment the browser can tell the server
// may answer (back online, the tab visible again), instead of waiting out their back-off.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'

export function useRetryWhenBack(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const retry = () => {
      if (!navigator.onLine || document.visibilityState !== 'visible') return
      void queryClient.refetchQueries({ predicate: (q) => q.state.fetchFailureCount > 0 })
    }
    window.addEventListener('online', retry)
    document.addEventListener('visibilitychange', retry)
    return () => {
      window.removeEventListener('online', retry)
      document.removeEventListener('visibilitychange', retry)
    }
  }, [queryClient])
}
