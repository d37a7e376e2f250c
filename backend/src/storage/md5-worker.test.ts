import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Md5Hasher } from './md5-worker.ts'

const hasher = new Md5Hasher()

afterAll(async () => {
  await hasher.close()
})

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex')

describe('Md5Hasher', () => {
  it('gives the MD5 of everything queued, empty input included', async () => {
    const data = randomBytes(300_000)
    const session = hasher.session()
    for (let i = 0; i < data.length; i += 7000) await session.update(data.subarray(i, i + 7000))
    expect(await session.digest()).toBe(md5(data))
    expect(await hasher.session().digest()).toBe(md5(Buffer.alloc(0)))
  })

  it('keeps interleaved sessions apart and is not fooled by shared memory', async () => {
    const shared = randomBytes(64 * 1024)
    const a = hasher.session()
    const b = hasher.session()
    // Both views share one ArrayBuffer; each session must hash only its own bytes.
    await a.update(shared.subarray(0, 1000))
    await b.update(shared.subarray(1000, 5000))
    await a.update(shared.subarray(5000, 9000))
    const [da, db] = await Promise.all([a.digest(), b.digest()])
    expect(da).toBe(md5(Buffer.concat([shared.subarray(0, 1000), shared.subarray(5000, 9000)])))
    expect(db).toBe(md5(shared.subarray(1000, 5000)))
  })

  it('makes a fast writer wait when the ring is full and still hashes every byte', async () => {
    const chunk = randomBytes(1024 * 1024)
    const session = hasher.session()
    const expected = createHash('md5')
    let waited = 0
    for (let i = 0; i < 40; i++) {
      let settled = false
      const pending = session.update(chunk).then(() => (settled = true))
      await Promise.resolve()
      if (!settled) waited++
      await pending
      expect(settled).toBe(true)
      expected.update(chunk)
    }
    expect(waited).toBeGreaterThan(0)
    expect(await session.digest()).toBe(expected.digest('hex'))
  })

  it('hashes a chunk larger than the whole shared ring, and sessions that fill it together', async () => {
    const huge = randomBytes(10 * 1024 * 1024)
    const big = hasher.session()
    await big.update(huge)
    expect(await big.digest()).toBe(md5(huge))
    const bodies = [1, 2, 3].map(() => randomBytes(3 * 1024 * 1024))
    const digests = await Promise.all(
      bodies.map(async (body) => {
        const session = hasher.session()
        for (let i = 0; i < body.length; i += 1024 * 1024) {
          await session.update(body.subarray(i, i + 1024 * 1024))
        }
        return session.digest()
      })
    )
    expect(digests).toEqual(bodies.map(md5))
  })

  it('stops an update waiting for room when its session is aborted', async () => {
    const filler = hasher.session()
    const waiting = filler.update(randomBytes(12 * 1024 * 1024))
    filler.abort()
    await expect(waiting).rejects.toThrow('aborted')
    const next = hasher.session()
    await next.update(Buffer.from('after'))
    expect(await next.digest()).toBe(md5(Buffer.from('after')))
  })

  it('hashes the bytes of a session that paused while another filled the ring', async () => {
    const a = hasher.session()
    const b = hasher.session()
    // Less than one message's worth: copied into the ring, its place not posted yet.
    const first = randomBytes(100_000)
    await a.update(first)
    const other = randomBytes(5 * 1024 * 1024)
    await b.update(other)
    const second = randomBytes(700_000)
    await a.update(second)
    expect(await b.digest()).toBe(md5(other))
    expect(await a.digest()).toBe(md5(Buffer.concat([first, second])))
  })

  it('fails the sessions still open when it closes, rather than give the MD5 of fewer bytes', async () => {
    const own = new Md5Hasher()
    const session = own.session()
    await session.update(randomBytes(1000))
    await own.close()
    await expect(session.digest()).rejects.toThrow('stopped')
    const next = own.session()
    await next.update(Buffer.from('abc'))
    expect(await next.digest()).toBe(md5(Buffer.from('abc')))
    await own.close()
  })

  it('forgets an aborted session', async () => {
    const session = hasher.session()
    await session.update(randomBytes(100))
    session.abort()
    const next = hasher.session()
    await next.update(Buffer.from('abc'))
    expect(await next.digest()).toBe(md5(Buffer.from('abc')))
  })

  describe('bytes read back from a file', () => {
    it('hashes ranges of a file in order, beside bytes queued through the ring', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'md5-file-'))
      try {
        const file = path.join(folder, 'data')
        // Larger than the worker's read buffer, so a range takes several reads.
        const data = randomBytes(2.5 * 1024 * 1024 + 17)
        await writeFile(file, data)
        const session = hasher.session()
        const cut = 1024 * 1024 + 5
        session.updateFromFile(file, 0, cut)
        const between = randomBytes(1000)
        await session.update(between)
        session.updateFromFile(file, cut, data.length - cut)
        expect(await session.digest()).toBe(
          md5(Buffer.concat([data.subarray(0, cut), between, data.subarray(cut)]))
        )
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    })

    it('fails the digest when the file no longer holds the bytes, and goes on with others', async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'md5-file-'))
      try {
        const file = path.join(folder, 'data')
        await writeFile(file, randomBytes(4096))
        const cutShort = hasher.session()
        await truncate(file, 1000)
        cutShort.updateFromFile(file, 0, 4096)
        await expect(cutShort.digest()).rejects.toThrow('ended before')
        const missing = hasher.session()
        missing.updateFromFile(path.join(folder, 'gone'), 0, 10)
        await expect(missing.digest()).rejects.toThrow('ENOENT')
        const next = hasher.session()
        next.updateFromFile(file, 0, 1000)
        expect(await next.digest()).toBe(md5(await readFile(file)))
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    })

    it('refuses a file range for a session that has failed', async () => {
      const session = hasher.session()
      session.abort()
      expect(() => session.updateFromFile('/nowhere', 0, 1)).toThrow('aborted')
    })
  })
})
