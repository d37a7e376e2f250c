import { describe, expect, it } from 'vitest'
import { deviceName } from './devices.ts'

describe('a device’s name', () => {
  it('names the browser and the system it runs on', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
      )
    ).toBe('Chrome on Android')
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
      )
    ).toBe('Safari on iOS')
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0'
      )
    ).toBe('Edge on Windows')
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0'
      )
    ).toBe('Firefox on macOS')
    expect(deviceName('curl/8')).toBe('Browser on this system')
  })
})
