// The lines a child process of a scenario prints (stdout and stderr), kept for the error a
// failed start reports and handed to an optional log as they come.
import type { ChildProcess } from 'node:child_process'

export function collectLines(child: ChildProcess, log?: (line: string) => void): string[] {
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue
      output.push(line)
      log?.(line)
    }
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  return output
}
