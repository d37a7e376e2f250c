// Who listens on a TCP port, read from /proc (Linux), to say what a port clash is with.
import { readdir, readFile, readlink } from 'node:fs/promises'

/** "pid 123: node backend/src/cli/main.ts start", or null when it cannot be found out. */
export async function portOwner(port: number): Promise<string | null> {
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = await readFile(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      const local = fields[1]
      // State 0A is LISTEN; the inode is the tenth field.
      if (!local || fields[3] !== '0A') continue
      if (Number.parseInt(local.split(':')[1] ?? '', 16) === port && fields[9] !== '0') {
        inodes.add(`socket:[${fields[9]}]`)
      }
    }
  }
  if (inodes.size === 0) return null
  let pids: string[]
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  for (const pid of pids) {
    let fds: string[]
    try {
      fds = await readdir(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')
      if (!inodes.has(target)) continue
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      const words = command.split('\0').filter(Boolean).join(' ')
      return `pid ${pid}${words ? `: ${words.length > 100 ? `${words.slice(0, 97)}...` : words}` : ''}`
    }
  }
  return null
}

/** One line for a port that is taken: by what, and the flag that picks another. */
export async function describePortInUse(port: number, what: string, flag: string): Promise<string> {
  const owner = await portOwner(port)
  return (
    `Port ${port} for ${what} is already in use${owner ? ` by ${owner}` : ''}. ` +
    `Stop that, or start with ${flag} N (0 picks a free port).`
  )
}
