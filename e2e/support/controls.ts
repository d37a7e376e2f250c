// The design system's controls as a person drives them (app/src/ui/Select.tsx, FileButton.tsx):
// a select is a combobox whose list opens on a click and closes on the option clicked; a file is
// chosen through the button that opens the browser's file picker.
import { expect } from '@playwright/test'
import type { FileChooser, Locator } from '@playwright/test'

/** Picks the option named `option` (the whole name when a string) of the select `select`. */
export async function choose(select: Locator, option: string | RegExp): Promise<void> {
  // Its own list (the page may have others: search's results), which the open trigger names. Open,
  // the rest of the page, the trigger with it, is hidden from assistive technology (and getByRole):
  // the trigger is found again by its id.
  const page = select.page()
  const trigger = page.locator(`[id="${await select.getAttribute('id')}"]`)
  await select.click()
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  const list = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`)
  await list.getByRole('option', { name: option, exact: typeof option === 'string' }).click()
  await expect(list).toHaveCount(0)
}

/** Clicks the button that opens the file picker and chooses `files` in it. */
export async function chooseFile(
  button: Locator,
  files: Parameters<FileChooser['setFiles']>[0]
): Promise<void> {
  const [chooser] = await Promise.all([button.page().waitForEvent('filechooser'), button.click()])
  await chooser.setFiles(files)
}
