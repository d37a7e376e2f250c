import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { workspaceKeys } from '../../workspaces/index.ts'
import { acceptFiles, checkFile, fileLimitOf, safeFileName } from './accept-files.ts'

describe('attachment rules', () => {
  it('accepts an ordinary image and PDF', () => {
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull()
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).toBeNull()
  })

  it('refuses files over 50 MB with both sizes in the message', () => {
    expect(checkFile({ name: 'big.mp4', type: 'video/mp4', size: 60_000_000 })).toBe(
      'big.mp4 is 60 MB; files can be at most 50 MB.'
    )
  })

  it("refuses files over the workspace's own limit, naming the workspace and the limit", async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(workspaceKeys.list(), [
      { id: 'w', name: 'Acme', max_file_bytes: 2_000_000 },
    ])
    const limit = fileLimitOf(queryClient, 'w')
    expect(limit).toEqual({ bytes: 2_000_000, workspace: 'Acme' })
    expect(checkFile({ name: 'clip.mp4', type: 'video/mp4', size: 3_000_000 }, limit)).toBe(
      'clip.mp4 is 3 MB; files in Acme can be at most 2 MB.'
    )
    expect(checkFile({ name: 'ok.mp4', type: 'video/mp4', size: 2_000_000 }, limit)).toBeNull()
    // Another workspace, or none known yet: the default.
    expect(fileLimitOf(queryClient, 'other')).toEqual({ bytes: 50_000_000, workspace: null })
    expect(fileLimitOf(undefined, 'w')).toEqual({ bytes: 50_000_000, workspace: null })
    const place = { workspaceId: 'w', channelId: 'c', messageId: 'm' }
    const big = new File([new Uint8Array(2_000_001)], 'big.bin')
    const { accepted, problems } = await acceptFiles([big], 10, place, queryClient)
    expect(accepted).toEqual([])
    expect(problems).toEqual(['big.bin is 2,000,001 bytes; files in Acme can be at most 2 MB.'])
  })

  it('accepts any type: archives, programs, pages, SVG, no type at all', () => {
    for (const [name, type] of [
      ['build.tar.zst', 'application/zstd'],
      ['tool.exe', 'application/x-msdownload'],
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['firmware.bin', ''],
    ]) {
      expect(checkFile({ name: name!, type: type!, size: 10 })).toBeNull()
    }
  })

  it('refuses empty files', () => {
    expect(checkFile({ name: 'empty.txt', type: 'text/plain', size: 0 })).toBe(
      'empty.txt is empty.'
    )
  })

  it('makes storage-safe names that still read like the original', () => {
    expect(safeFileName('../../etc/passwd')).toBe('-..-etc-passwd')
    expect(safeFileName('Zoë résumé #1.pdf')).toBe('Zoë résumé -1.pdf')
  })

  it('attaches a text (a paste past the limit) as a text file', async () => {
    const place = { workspaceId: 'w', channelId: 'c', messageId: 'm' }
    const { accepted, problems } = await acceptFiles(['a long paste'], 10, place)
    expect(problems).toEqual([])
    expect(accepted).toHaveLength(1)
    expect(accepted[0]!.file.name).toBe('Pasted text.txt')
    expect(accepted[0]!.file.type).toBe('text/plain')
    expect(accepted[0]!.file.size).toBe('a long paste'.length)
  })
})
