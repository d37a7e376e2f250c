// Statuses kept live while a workspace is open (slots/live.ts): the workspace's and my user
// topic patch the one cache every name's status reads.
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { useStatusesLive } from './data/use-statuses-live.ts'

function StatusesLive({ workspaceId, me }: LivePartProps) {
  useStatusesLive(workspaceId, me)
  return null
}

const part: LivePart = { Live: StatusesLive }
export default part
