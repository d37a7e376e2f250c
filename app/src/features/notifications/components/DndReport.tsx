// My Do Not Disturb in a workspace, told to whoever renders this (presence's live part shows it to
// the others): a chunk of its own, so that the rules and settings it reads stay off the first
// screen.
import { useEffect } from 'react'
import { useDndActive } from './use-dnd-active.ts'

export interface DndReportProps {
  workspaceId: string
  onChange: (active: boolean) => void
}

export default function DndReport({ workspaceId, onChange }: DndReportProps) {
  const active = useDndActive(workspaceId)
  useEffect(() => onChange(active), [active, onChange])
  return null
}
