// Where the words of a search appear in a text, compared as the database compares them: accents
// and case ignored (each character folded on its own, so offsets map back to the text as shown).
// The result is plain parts the app renders as text and <mark>, never HTML.

export interface TextPart {
  text: string
  match: boolean
}

/** One character folded: decomposed, combining marks dropped, lower case. */
function foldChar(c: string): string {
  return c.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The folded text and, for each folded code unit, the index of the character it came from. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = ''
  const origin: number[] = []
  let i = 0
  for (const c of text) {
    const f = foldChar(c)
    folded += f
    for (let k = 0; k < f.length; k += 1) origin.push(i)
    i += c.length
  }
  origin.push(i)
  return { folded, origin }
}

/** The text split into parts, the occurrences of any of the terms marked. */
export function highlight(text: string, terms: readonly string[]): TextPart[] {
  const { folded, origin } = fold(text)
  const needles = [...new Set(terms.map((t) => fold(t).folded.trim()).filter((t) => t !== ''))]
  const marked: boolean[] = new Array<boolean>(text.length).fill(false)
  for (const needle of needles) {
    let at = folded.indexOf(needle)
    while (at >= 0) {
      const start = origin[at]!
      const end = origin[at + needle.length] ?? text.length
      for (let k = start; k < end; k += 1) marked[k] = true
      at = folded.indexOf(needle, at + Math.max(needle.length, 1))
    }
  }
  const parts: TextPart[] = []
  for (let k = 0; k < text.length; k += 1) {
    const last = parts[parts.length - 1]
    if (last && last.match === marked[k]) last.text += text[k]
    else parts.push({ text: text[k]!, match: marked[k]! })
  }
  return parts
}
