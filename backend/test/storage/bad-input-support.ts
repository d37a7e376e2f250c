// Shared by bad-input.test.ts: its stack and buckets, the object names Storage refuses, and
// requests as a hostile client sends them (paths written as given through raw-upload.ts, bodies
// dropped halfway).
import { connect } from 'node:net'
import { readdir } from 'node:fs/promises'
import type { TestStack } from '../support/stack.ts'
import { rawPost, tmpIsEmpty } from './raw-upload.ts'
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
    return rawPost(stack(), objectPath, {
      token: stack().serviceRoleKey,
      pieces: [Buffer.from('x')],
      headers: { 'content-type': 'text/plain', 'content-length': '1' },
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

  return { snapshot, rawUpload, upload, tmpIsEmpty: () => tmpIsEmpty(stack()), abandon }
}
