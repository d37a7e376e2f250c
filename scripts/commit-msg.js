// The commit-msg check the repository installs (.githooks/commit-msg, which `npm ci` has git use:
// scripts/install-hooks.js): a subject under 72 characters saying what changed, then a blank
// line, then the detail in the body (issue 70, item 5). What git writes itself (a merge, a
// revert, fixup!/squash!/amend!) passes as it is. Plain JavaScript, so that a commit waits for
// no compiler.
//   node scripts/commit-msg.js <message file>
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** A subject may have up to this many characters. */
export const MAX_SUBJECT = 71
const SCISSORS = ' ------------------------ >8 ------------------------'
const WRITTEN_BY_GIT = /^(Merge |Revert "|fixup! |squash! |amend! )/

/**
 * What is wrong with a commit message as git will keep it (comment lines dropped, nothing below
 * the scissors line of `commit --verbose`), or null when nothing is.
 * @param {string} text
 * @returns {string | null}
 */
export function commitMessageProblem(text, commentChar = '#') {
  const lines = []
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line === commentChar + SCISSORS) break
    if (line.startsWith(commentChar)) continue
    lines.push(line.trimEnd())
  }
  while (lines[0] === '') lines.shift()
  // An empty message: git refuses it itself.
  if (lines.length === 0) return null
  const subject = lines[0]
  if (WRITTEN_BY_GIT.test(subject)) return null
  const length = [...subject].length
  if (length > MAX_SUBJECT) {
    return (
      `the subject has ${length} characters: keep it under 72, saying what changed, and put ` +
      'the detail in the body, after a blank line'
    )
  }
  if (lines.length > 1 && lines[1] !== '') {
    return 'the second line is not blank: the subject is one line, and the body follows a blank line'
  }
  return null
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2]
  if (!file) {
    console.error('usage: node scripts/commit-msg.js <commit message file>')
    process.exit(2)
  }
  const problem = commitMessageProblem(readFileSync(file, 'utf8'))
  if (problem) {
    console.error(`commit-msg: ${problem}.`)
    console.error('The message is kept in .git/COMMIT_EDITMSG.')
    process.exit(1)
  }
}
