import { describe, expect, it } from 'vitest'
import { KeyLocks } from './key-locks.ts'

describe('KeyLocks', () => {
  it('runs holders of one key one after the other, others alongside', async () => {
    const locks = new KeyLocks()
    const events: string[] = []
    let releaseFirst!: () => void
    const gate = new Promise<void>((resolve) => (releaseFirst = resolve))
    const first = locks.with(['a'], async () => {
      events.push('first start')
      await gate
      events.push('first end')
    })
    const second = locks.with(['a'], async () => {
      events.push('second')
    })
    const other = locks.with(['b'], async () => {
      events.push('other')
    })
    await other
    expect(events).toEqual(['first start', 'other'])
    releaseFirst()
    await Promise.all([first, second])
    expect(events).toEqual(['first start', 'other', 'first end', 'second'])
  })

  it('takes several keys in one order, and releases them when the holder fails', async () => {
    const locks = new KeyLocks()
    const done: string[] = []
    await Promise.all([
      locks.with(['x', 'y'], async () => void done.push('xy')),
      locks.with(['y', 'x'], async () => void done.push('yx')),
    ])
    expect(done.sort()).toEqual(['xy', 'yx'])
    await expect(locks.with(['x'], async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom'
    )
    expect(await locks.with(['x'], async () => 'free again')).toBe('free again')
  })
})
