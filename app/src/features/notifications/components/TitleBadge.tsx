// The open workspaces' total in the title and on the favicon (use-title-badge.ts), as a lazy
// chunk the rail's part renders once the first screen is shown.
import { useTitleBadge } from './use-title-badge.ts'

export default function TitleBadge({ total }: { total: number }) {
  useTitleBadge(total)
  return null
}
