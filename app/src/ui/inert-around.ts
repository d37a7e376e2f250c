// Everything of the page but one element (and its ancestors) made inert, and the undo: what an
// open menu does with the rest of the page, as a modal menu would (nothing under it half
// reachable, tapped, tabbed to or read); a click outside still reaches the document and closes
// it. The workspace menu's lazy items use it while they are shown.

/** Makes every element of the page but `keep` and its ancestors inert; returns the undo. */
export function inertAround(keep: HTMLElement): () => void {
  const made: HTMLElement[] = []
  for (let node: HTMLElement = keep; node.parentElement; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue
      sibling.inert = true
      made.push(sibling)
    }
  }
  return () => {
    for (const element of made) element.inert = false
  }
}
