// The features' notices over the open workspace (features/registry.ts, slots/workspace.ts), such
// as a change to what its exports hold. A lazy chunk, rendered once the first screen is shown.
import { Suspense } from 'react'
import { workspaceNotices } from '../features/registry.ts'

export default function WorkspaceNotices(props: { workspaceId: string; workspaceName: string }) {
  return workspaceNotices.map(({ id, Notice }) => (
    <Suspense key={id} fallback={null}>
      <Notice {...props} />
    </Suspense>
  ))
}
