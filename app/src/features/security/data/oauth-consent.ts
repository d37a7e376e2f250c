// The consent page's requests to Auth's OAuth 2.1 server: what an app asks for (or, when the
// person already consented, where to send them back), and the person's answer.
import { useMutation, useQuery } from '@tanstack/react-query'
import { supabase } from '../../../lib/supabase.ts'

export function useAuthorization(id: string) {
  return useQuery({
    queryKey: ['oauth-authorization', id],
    queryFn: async () => {
      const { data, error } = await supabase().auth.oauth.getAuthorizationDetails(id)
      if (error) throw error
      return data
    },
    enabled: id !== '',
    retry: false,
    staleTime: Infinity,
  })
}

/** Allow (true) or Cancel (false): resolves with the URL back to the app. */
export function useConsentAnswer(id: string, onAnswered: (url: string) => void) {
  return useMutation({
    mutationFn: async (approve: boolean) => {
      const oauth = supabase().auth.oauth
      const options = { skipBrowserRedirect: true }
      const { data, error } = approve
        ? await oauth.approveAuthorization(id, options)
        : await oauth.denyAuthorization(id, options)
      if (error) throw error
      return data.redirect_url
    },
    onSuccess: onAnswered,
  })
}
