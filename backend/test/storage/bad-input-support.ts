// Shared by bad-input.test.ts: its stack and buckets, the object names Storage refuses, and
// requests as a hostile client sends them (paths written as given, bodies dropped halfway).
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { TestStack } from '../support/stack.ts'
import { bytes, filesOnDisk, serviceClient, startStorageStack, storageFetch } from './support.ts'

/** The stack of the bad-input tests, with its buckets and the objects that must stay. */
export async function startBadInputStack(): Promise<TestStack> {
  const stack = await startStorageStack({
    config: 'project_id = "bad-input"\n[storage]\nfile_size_limit = "64KiB"\n',
  })
  const storage = serviceClient(stack).storage
  await storage.createBucket('small', { public: false, fileSizeLimit: 1000 })
  await storage.createBucket('images', { public: false, allowedMimeTypes: ['image/*'] })
  await storage.from('avatars').upload('keep/original.txt', 'original content')
  await storage.from('small').upload('existing.bin', bytes(500, 9))
  return stack
}

/** Object names Storage refuses with InvalidKey, each with what it tries. */
export const INVALID_NAMES: [string, string][] = [
  ['percent-encoded parent', 'avatars/%2E%2E/escape.txt'],
  ['parent deeper down', 'avatars/keep/%2E%2E/%2E%2E/%2E%2E/escape.txt'],
  ['encoded slashes', 'avatars/..%2F..%2F..%2Fetc%2Fpasswd'],
  ['current folder', 'avatars/keep/%2E/x.txt'],
  ['absolute path', 'avatars//etc/passwd'],
  ['empty segment', 'avatars/keep//x.txt'],
  ['trailing slash', 'avatars/keep/'],
  ['NUL byte', 'avatars/a%00b.txt'],
  ['backslash traversal', 'avatars/..%5C..%5Cwin.txt'],
  ['over-long name', `avatars/${'a'.repeat(1025)}`],
  ['right-to-left override', 'avatars/invoice%E2%80%AEtxt.exe'],
  ['zero-width space', 'avatars/a%E2%80%8Bb.txt'],
  ['accented letters', 'avatars/caf%C3%A9.txt'],
  ['emoji', 'avatars/%F0%9F%98%80.txt'],
  ['control character', 'avatars/line%0Abreak.txt'],
  ['percent sign', 'avatars/100%25.txt'],
  ['hash', 'avatars/a%23b.txt'],
]

/** Snapshots, uploads and dropped bodies on the stack `stack` gives (read at each call). */
export function badInputCalls(stack: () => TestStack) {
  async function snapshot() {
    const rows = await stack()
      .sql`select bucket_id, name, version from storage.objects order by 1, 2`
    return { rows, files: await filesOnDisk(stack()), data: await readdir(stack().context.dataDir) }
  }

  /**
   * Uploads with the path sent exactly as written: fetch would resolve "%2E%2E" segments itself,
   * a hostile client does not.
   */
  function rawUpload(objectPath: string): Promise<{ status: number; body: unknown }> {
    const url = new URL(stack().url)
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/storage/v1/object/${objectPath}`,
          headers: {
            apikey: stack().anonKey,
            authorization: `Bearer ${stack().serviceRoleKey}`,
            'content-type': 'text/plain',
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
            })
          )
        }
      )
      req.on('error', reject)
      req.end('x')
    })
  }

  const upload = (
    objectPath: string,
    body: RequestInit['body'] = 'x',
    headers: Record<string, string> = {}
  ) =>
    storageFetch(stack(), `/object/${objectPath}`, {
      method: 'POST',
      token: stack().serviceRoleKey,
      headers: { 'content-type': 'text/plain', ...headers },
      body,
    })

  /** Waits (up to ten seconds on a busy machine) for the server to clean up after a failed upload. */
  async function tmpIsEmpty(): Promise<boolean> {
    for (let i = 0; i < 500; i++) {
      const left = await readdir(path.join(stack().context.dataDir, 'storage', 'tmp'))
      if (left.length === 0) return true
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return false
  }

  /** Sends the head and part of a body over a raw socket, then drops the connection. */
  async function abandon(head: string, part: Buffer): Promise<void> {
    const url = new URL(stack().url)
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(head)
        socket.write(part, () => {
          setTimeout(() => {
            socket.destroy()
            resolve()
          }, 50)
        })
      })
      socket.on('error', reject)
    })
  }

  return { snapshot, rawUpload, upload, tmpIsEmpty, abandon }
}
