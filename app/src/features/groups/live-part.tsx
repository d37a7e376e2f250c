// The activity beacon @here reads, while a workspace is open (slots/live.ts): touch_activity
// once a minute while the tab is visible, after the first screen.
import type { LivePart, LivePartProps } from '../../slots/live.ts'
import { useActivityBeacon } from './data/activity.ts'

function ActivityBeacon({ workspaceId }: LivePartProps) {
  useActivityBeacon(workspaceId)
  return null
}

const part: LivePart = { Live: ActivityBeacon }
export default part
