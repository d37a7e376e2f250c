import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import type { DraftUpload } from '../data/use-uploads.ts'
import { UploadTray } from './UploadTray.tsx'

const upload = (over: Partial<DraftUpload>): DraftUpload =>
  ({
    id: 'u1',
    name: 'report.pdf',
    size: 12_000_000,
    state: 'uploading',
    progress: 0.4,
    error: null,
    resumable: true,
    ...over,
  }) as DraftUpload

const noop = () => {}

describe('UploadTray', () => {
  afterEach(cleanup)

  it('shows the share sent while bytes go', () => {
    render(<UploadTray uploads={[upload({})]} onCancel={noop} onRetry={noop} />)
    expect(screen.getByText('40%')).toBeTruthy()
    expect(screen.getByLabelText('Upload of report.pdf').getAttribute('value')).toBe('0.4')
  })

  it('says "Finishing…" once every byte is sent and the server is not done', () => {
    render(<UploadTray uploads={[upload({ progress: 1 })]} onCancel={noop} onRetry={noop} />)
    expect(screen.getByText('Finishing…')).toBeTruthy()
    expect(screen.queryByText('100%')).toBeNull()
    // An indeterminate bar: no value.
    expect(screen.getByLabelText('Upload of report.pdf').hasAttribute('value')).toBe(false)
  })

  it('shows the size once done', () => {
    render(
      <UploadTray
        uploads={[upload({ state: 'done', progress: 1 })]}
        onCancel={noop}
        onRetry={noop}
      />
    )
    expect(screen.queryByText('Finishing…')).toBeNull()
    expect(screen.getByText(/MB/)).toBeTruthy()
  })
})
