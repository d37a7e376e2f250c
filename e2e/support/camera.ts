// The gallery's camera (issue 67, item 4): at each screen a tour visits (support/axe-tour.ts and
// accessibility.spec.ts), a PNG in the light and the dark theme, numbered in the tour's order,
// into SCREENS_OUT/<language>/<set>/. `npm run screens` (scripts/screens.ts) sets SCREENS_OUT and
// writes the folder's index.html; without it the camera is not used.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'

export interface Look {
  checkThemes(page: Page, screen: string): Promise<void>
}

/** Every look in turn at each screen (axe, the layout check, the camera). */
export function allOf(...looks: (Look | null)[]): Look {
  const present = looks.filter((look): look is Look => look !== null)
  return {
    async checkThemes(page, screen) {
      for (const look of present) await look.checkThemes(page, screen)
    },
  }
}

/** The screen's name as a file name: "Later view [ar]" → "later-view". */
export function fileName(screen: string): string {
  return (
    screen
      .replace(/\[[a-z]{2}\]/g, '')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'screen'
  )
}

/** Every image in sight has loaded (a function, not text: the page's policy refuses eval). */
function imagesInSightLoaded(): boolean {
  return [...document.images].every((image) => {
    const box = image.getBoundingClientRect()
    const inSight =
      box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth
    return !inSight || !image.checkVisibility() || image.complete
  })
}

export class Camera implements Look {
  private count = 0
  private readonly folder: string

  /** `set` names the tour and size: "desktop-1-first", "desktop-2-workspace", "phone". */
  constructor(root: string, language: string, set: string) {
    this.folder = path.join(root, language, set)
    mkdirSync(this.folder, { recursive: true })
  }

  /** The camera when `npm run screens` runs the tours, else none. */
  static forRun(language: string, set: string): Camera | null {
    const root = process.env.SCREENS_OUT
    return root ? new Camera(root, language, set) : null
  }

  async checkThemes(page: Page, screen: string): Promise<void> {
    // The images in sight loaded (emoji and avatars load lazily, as they come into view).
    await page.waitForFunction(imagesInSightLoaded, undefined, { timeout: 10_000 })
    this.count += 1
    const base = `${String(this.count).padStart(2, '0')}-${fileName(screen)}`
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await page.screenshot({
        path: path.join(this.folder, `${base}-${theme}.png`),
        animations: 'disabled',
        caret: 'hide',
      })
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
}
