// The message list's virtualizer: @tanstack/virtual-core's Virtualizer driven as
// @tanstack/react-virtual's useVirtualizer drives it (its options, a re-render on each change,
// flushSync for a change made while scrolling, _didMount and _willUpdate in layout effects), but
// its code (33 KB minified) is a chunk loaded once the first screen is shown: the list's first
// frames are laid out in the page's flow without it (MessageList), so the first screen does not
// carry it. Null until it is loaded; the list stays in flow meanwhile.
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type * as VirtualCore from '@tanstack/virtual-core'
import type { Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core'
import { firstScreenShown } from '../../../lib/first-screen.ts'
import { loadRetrying } from '../../../lib/lazy.ts'

type Core = typeof VirtualCore
type ListVirtualizer = Virtualizer<HTMLDivElement, Element>
type Options = Omit<
  VirtualizerOptions<HTMLDivElement, Element>,
  'observeElementRect' | 'observeElementOffset' | 'scrollToFn'
>

let core: Core | null = null
let loading: Promise<Core> | null = null

function loadCore(): Promise<Core> {
  loading ??= firstScreenShown()
    .then(() => loadRetrying(() => import('@tanstack/virtual-core')))
    .then(
      (module) => (core = module),
      (error: unknown) => {
        loading = null
        throw error
      }
    )
  return loading
}

export function useLazyVirtualizer(options: Options): ListVirtualizer | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const measuring = useRef(false)
  const make = (loaded: Core): ListVirtualizer => {
    const made = new loaded.Virtualizer<HTMLDivElement, Element>(resolved(loaded))
    const measureElement = made.measureElement
    made.measureElement = (node) => {
      measuring.current = true
      try {
        measureElement(node)
      } finally {
        measuring.current = false
      }
    }
    return made
  }
  const resolved = (loaded: Core): VirtualizerOptions<HTMLDivElement, Element> => ({
    observeElementRect: loaded.observeElementRect,
    observeElementOffset: loaded.observeElementOffset,
    scrollToFn: loaded.elementScroll,
    ...options,
    onChange: (instance, sync) => {
      if (sync && !measuring.current) flushSync(rerender)
      else rerender()
      options.onChange?.(instance, sync)
    },
  })
  const [instance, setInstance] = useState<ListVirtualizer | null>(() => (core ? make(core) : null))
  const makeRef = useRef(make)
  makeRef.current = make
  useEffect(() => {
    if (instance) return
    let current = true
    loadCore().then(
      (loaded) => {
        if (current) setInstance(makeRef.current(loaded))
      },
      () => undefined
    )
    return () => {
      current = false
    }
  }, [instance])
  if (instance && core) instance.setOptions(resolved(core))
  useLayoutEffect(() => instance?._didMount(), [instance])
  useLayoutEffect(() => instance?._willUpdate())
  return instance
}
