// "Let them know" (send_activity_notices()): what the composer offers after a message in a public
// channel named people outside it. Loaded with that prompt (outside-warning.tsx).
import { useMutation } from '@tanstack/react-query'
import { hasCode } from '../../../lib/error-codes.ts'
import { rpcOne } from '../../../lib/rpc.ts'

/** "Let them know": the people named in my message in a public channel, who are not in it, find
 *  it in their Activity. Not yet stored (sent a moment ago): asked again shortly. */
export function useTellMutation() {
  return useMutation({
    mutationFn: ({ messageId, userIds }: { messageId: string; userIds: string[] }) =>
      rpcOne('send_activity_notices', { p_message_id: messageId, p_user_ids: userIds }),
    retry: (failures, error) => failures < 3 && hasCode(error, 'message_not_found'),
    retryDelay: (failures) => 500 * 2 ** failures,
  })
}
