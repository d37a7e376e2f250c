// The soak benchmark's stack: in a process of its own with the inspector open, so that its V8 heap
// can be read (as it runs and after a full collection) beside what /proc says of its memory.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { readyLine } from '../support/processes.ts'
import type { StackInfo } from './clients.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * The stack in a process of its own, with the inspector on a free port so that its heap can be
 * read (process.memoryUsage() evaluated inside it) beside what /proc says.
 */
export async function startStackChild(): Promise<{
  child: ChildProcess
  info: StackInfo
  inspector: string
}> {
  const child = spawn(
    process.execPath,
    ['--inspect=127.0.0.1:0', '--expose-gc', '--import', 'tsx', path.join(here, 'stack-child.ts')],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } }
  )
  const inspector = new Promise<string>((resolve) => {
    let buffered = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      const url = /Debugger listening on (ws:\/\/\S+)/.exec((buffered += text))?.[1]
      if (url) resolve(url)
      if (!/Debugger|For help, see/.test(text)) process.stderr.write(text)
    })
  })
  const info = await readyLine<StackInfo>(child)
  return { child, info, inspector: await inspector }
}

export interface HeapReading {
  /** V8's heap in use as the process runs (garbage included). */
  heapUsed: number
  /** What the heap keeps after a full collection: what a leak would make grow. */
  retained: number
  /** Memory held outside V8's heap (Buffers). */
  external: number
}

/**
 * Reads the stack process's heap through its inspector (MB): process.memoryUsage() as it runs,
 * then again after a full collection (gc(), the child runs with --expose-gc).
 */
export async function heapReader(url: string) {
  const ws = new WebSocket(url)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  let id = 0
  const pending = new Map<number, (value: string) => void>()
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as {
      id?: number
      result?: { result?: { value?: string } }
    }
    if (message.id !== undefined) pending.get(message.id)?.(message.result?.result?.value ?? '{}')
  })
  const evaluate = async (expression: string) => {
    const request = ++id
    const value = await new Promise<string>((resolve) => {
      pending.set(request, resolve)
      ws.send(JSON.stringify({ id: request, method: 'Runtime.evaluate', params: { expression } }))
    })
    pending.delete(request)
    return JSON.parse(value) as { heapUsed?: number; external?: number }
  }
  const mb = (bytes: number | undefined) => (bytes ?? 0) / 2 ** 20
  return {
    async read(): Promise<HeapReading> {
      const live = await evaluate('JSON.stringify(process.memoryUsage())')
      const after = await evaluate('gc(), JSON.stringify(process.memoryUsage())')
      return {
        heapUsed: mb(live.heapUsed),
        retained: mb(after.heapUsed),
        external: mb(live.external),
      }
    },
    /** The child waits for a connected inspector before it exits: close it first. */
    close: () => ws.close(),
  }
}
