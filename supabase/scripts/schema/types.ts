// What each part of the dump hands back: one object's SQL, named so that its subject can be told.

export interface Block {
  /** The name its subject is read from (subjects.ts). */
  name: string
  /** Where it goes in its file: blocks are sorted by this. */
  sort: string
  /** One line saying what it is, written above it as a comment. */
  title: string
  text: string
  /** Its subject when not read from `name` (e.g. a policy on a Storage table). */
  subject?: string
}
