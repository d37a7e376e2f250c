// Starts the bare server (bare-server.ts) in a process of its own, for run.ts and resumable.ts.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import path from 'node:path'

/** The bare server serving files in `folder`, and its port. */
export async function startBareServer(
  folder: string
): Promise<{ child: ChildProcess; port: number }> {
  const script = path.join(import.meta.dirname, 'bare-server.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, folder], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim())))
    child.once('exit', (code) => reject(new Error(`the bare server stopped (${code})`)))
  })
  return { child, port }
}
