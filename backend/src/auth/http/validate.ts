// Input checks GoTrue applies before touching any account.
import { ERRORS } from '../errors.ts'

// checkmail's format: local part of atext and dots, a domain of LDH labels.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** GoTrue's validateEmail: required, at most 255 bytes, well-formed; returns it lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw ERRORS.validationFailed('An email address is required')
  if (Buffer.byteLength(email) > 255) {
    throw ERRORS.validationFailed('An email address is too long')
  }
  if (!EMAIL.test(email)) {
    throw ERRORS.validationFailed('Unable to validate email address: invalid format')
  }
  return email.toLowerCase()
}

/** GoTrue's validatePhone: the leading + and spaces dropped, then E.164 digits (2 to 15). */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replace(/ /g, '')
  if (!/^[1-9]\d{1,14}$/.test(formatted)) {
    throw ERRORS.validationFailed('Invalid phone number format (E.164 required)')
  }
  return formatted
}
