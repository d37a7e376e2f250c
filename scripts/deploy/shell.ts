// Commands as a POSIX shell would run them: each word quoted only when it must be, and a secret
// shown as a reference to the environment variable that holds it, so a printed line can be copied.

/** One word of a command: its value, and how to print it when the value must not be shown. */
export interface Word {
  value: string
  /** Printed instead of the value, as is (e.g. `SMTP_PASS="$SMTP_PASS"`). */
  shown?: string
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/

/** Quotes a word for a POSIX shell: bare when safe, else in single quotes ('\'' for a quote). */
export function quote(word: string): string {
  if (word !== '' && SAFE.test(word)) return word
  return `'${word.replaceAll("'", `'\\''`)}'`
}

export function secret(name: string, value: string, prefix = ''): Word {
  return { value: `${prefix}${value}`, shown: `${quote(prefix)}"$${name}"` }
}

export function words(...values: Array<string | Word>): Word[] {
  return values.map((value) => (typeof value === 'string' ? { value } : value))
}

export function commandLine(command: Word[]): string {
  return command.map((word) => word.shown ?? quote(word.value)).join(' ')
}

/** A file's content as a here-document that writes it (the delimiter never occurs in it). */
export function heredoc(file: string, content: string): string {
  let delimiter = 'EOF'
  while (content.split('\n').includes(delimiter)) delimiter += '_'
  const body = content.endsWith('\n') ? content : `${content}\n`
  return `cat > ${quote(file)} <<'${delimiter}'\n${body}${delimiter}`
}
