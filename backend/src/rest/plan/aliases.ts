// SQL aliases for one statement: every alias is unique across the whole statement, so an embedded
// level can never shadow the level it joins to.

export class Aliases {
  private used = new Set<string>()
  private counter = 0

  constructor(reserved: string[] = []) {
    for (const name of reserved) this.used.add(name)
  }

  /** The name itself when free (the top level keeps its table name, as PostgREST does). */
  claim(name: string): string {
    if (!this.used.has(name)) {
      this.used.add(name)
      return name
    }
    return this.numbered(name)
  }

  /** `<base>_<n>`, e.g. directors_1. */
  numbered(base: string): string {
    for (;;) {
      const candidate = `${base}_${++this.counter}`
      if (!this.used.has(candidate)) {
        this.used.add(candidate)
        return candidate
      }
    }
  }
}
