// Files dropped on a conversation go to its composer's uploads; while they are dragged over it,
// it says so (the drop overlay).
import { useState } from 'react'
import type { DragEvent } from 'react'

export function useFileDrop(enabled: boolean, add: (files: File[]) => unknown) {
  const [dragging, setDragging] = useState(false)
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes('Files') && enabled) {
        e.preventDefault()
        setDragging(true)
      }
    },
    onDragLeave: (e: DragEvent) => {
      if (e.currentTarget === e.target) setDragging(false)
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault()
      setDragging(false)
      const files = [...e.dataTransfer.files]
      if (files.length > 0) void add(files)
    },
  }
  return { dragging, dropProps }
}
