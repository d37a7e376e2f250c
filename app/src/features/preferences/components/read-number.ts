// What a number field holds, as the number it means (Workspace settings' largest file).

/** A number as typed in any of the app's languages: full-width (NFKC) and Arabic-Indic digits,
 * a decimal comma. */
export function readNumber(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[,\u066b]/, '.')
    .trim()
}
