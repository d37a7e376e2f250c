// A workspace member's name by user id, for the lazy screens that list who did what (custom
// emoji's "added by", groups' members, integrations' creators): the name of one still in the
// workspace, "Former member" for one who left or for no one. The shell's own lookup
// (shell/use-workspace-data.tsx) keeps a map for the first screen's rows.
import { t } from '@lingui/core/macro'

interface Named {
  userId: string
  displayName: string
}

export function memberName(members: readonly Named[], id: string | null): string {
  return members.find((m) => m.userId === id)?.displayName ?? t`Former member`
}
