import { describe, expect, it } from 'vitest'
import { threadOf } from './cpu-profile.ts'

describe('threadOf', () => {
  it("reads a --cpu-prof file's process and thread, the main thread being 0", () => {
    expect(threadOf('CPU.20261129.150909.17286.0.001.cpuprofile')).toEqual({
      pid: '17286',
      thread: 0,
    })
    expect(threadOf('CPU.20261129.150920.17286.2.003.cpuprofile')).toEqual({
      pid: '17286',
      thread: 2,
    })
    expect(threadOf('stack.cpuprofile')).toBeNull()
  })
})
