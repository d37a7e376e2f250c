// The invitation a sign-up or sign-in page was sent from (its `next` is `/invite/<token>`):
// read before the person has an account, so the page can say who invited them to what, or that
// the link no longer works, before asking for anything.
import { useQuery } from '@tanstack/react-query'
import { parseRoute } from '../../../lib/routes.ts'

export function useInvitation(next: string) {
  const route = parseRoute(next)
  const token = route.name === 'invite' ? route.token : null
  const query = useQuery({
    queryKey: ['invitation', token],
    // Imported when asked for: a chunk shared with the invitation page, named in no list of the
    // first screen's (each shared chunk is a file name in the entry's preload lists).
    queryFn: async () =>
      (await import('../../../lib/invite-preview.ts')).fetchInvitePreview(token!),
    enabled: token !== null,
    retry: false,
  })
  return { token, ...query }
}
