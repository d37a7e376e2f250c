import { describe, expect, it } from 'vitest'
import { linkErrorIn } from './link-error.ts'

describe('linkErrorIn', () => {
  it("reads GoTrue's redirect of a used sign-in link from the fragment", () => {
    const url = new URL(
      'http://app.test/sign-in#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'
    )
    expect(linkErrorIn(url)).toEqual({
      code: 'otp_expired',
      message:
        'That link was already used or has expired. Enter your email to get a new sign-in link.',
    })
  })

  it('reads it from the query too (PKCE), and falls back to the description', () => {
    const url = new URL('http://app.test/?error=server_error&error_description=Something+broke')
    expect(linkErrorIn(url)?.message).toBe(
      'Something broke. Enter your email to get a new sign-in link.'
    )
  })

  it('finds nothing in an ordinary address', () => {
    expect(linkErrorIn(new URL('http://app.test/w/1#message-3'))).toBeNull()
  })
})
