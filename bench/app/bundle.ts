// Sizes of the built app's JavaScript, gzipped as a server would send it.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export async function gzipSize(distDir: string, urlPath: string): Promise<number> {
  const bytes = await readFile(path.join(distDir, urlPath.replace(/^\//, '')))
  return gzipSync(bytes, { level: 9 }).length
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}
