import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Disk } from './disk.ts'

const roots: string[] = []

afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true })
})

async function openDisk(): Promise<Disk> {
  const root = await mkdtemp(path.join(tmpdir(), 'disk-test-'))
  roots.push(root)
  return Disk.open(root)
}

function later(ms: number): { promise: Promise<void>; done: () => boolean } {
  let finished = false
  const promise = new Promise<void>((resolve) =>
    setTimeout(() => {
      finished = true
      resolve()
    }, ms)
  )
  return { promise, done: () => finished }
}

describe('work tracked after an answer', () => {
  it('is awaited by settled() and by close(), failures included', async () => {
    const disk = await openDisk()
    const first = later(30)
    disk.track(first.promise)
    disk.track(Promise.reject(new Error('reported by the work itself')))
    await disk.settled()
    expect(first.done()).toBe(true)
    const second = later(30)
    disk.track(second.promise)
    await disk.close()
    expect(second.done()).toBe(true)
  })

  it('settles at once when nothing is tracked', async () => {
    const disk = await openDisk()
    let settled = false
    void disk.settled().then(() => (settled = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(true)
    await disk.close()
  })
})
