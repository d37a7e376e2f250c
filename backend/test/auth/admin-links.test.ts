// The admin API's email links through supabase-js's auth.admin with the service_role key:
// generate_link (signup, magic link, recovery, email change; followed end to end) and invite.
import { describe, expect, it } from 'vitest'
import { TIMESTAMP, useAdminStack } from './admin-support.ts'
import {
  authFetch,
  follow,
  fragmentOf,
  latestMail,
  linkOf,
  signedUpClient,
  uniqueEmail,
} from './support.ts'

const t = useAdminStack()

describe('generate_link and invite', () => {
  it('generates a signup link for a new address without sending mail', async () => {
    const email = uniqueEmail('gen')
    const { data, error } = await t.admin.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'generated-pass',
      options: { redirectTo: 'https://app.example.com/welcome' },
    })
    expect(error).toBeNull()
    const { properties, user } = data
    expect(user?.email).toBe(email)
    expect(properties?.verification_type).toBe('signup')
    expect(properties?.redirect_to).toBe('https://app.example.com/welcome')
    expect(properties?.email_otp).toMatch(/^\d{6}$/)
    expect(properties?.hashed_token).toMatch(/^[0-9a-f]{56}$/)
    const link = new URL(properties!.action_link)
    expect(link.searchParams.get('token')).toBe(properties?.hashed_token)
    const { location } = await follow(link.toString())
    expect(location.origin).toBe('https://app.example.com')
    expect(fragmentOf(location).get('type')).toBe('signup')
    const signIn = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'generated-pass' })
    expect(signIn.error).toBeNull()
  })

  it('generates magic link, recovery and email-change links for existing users', async () => {
    const { email, user } = await signedUpClient(t.stack)
    for (const type of ['magiclink', 'recovery'] as const) {
      const { data, error } = await t.admin.auth.admin.generateLink({ type, email })
      expect(error).toBeNull()
      const { location } = await follow(data.properties!.action_link)
      expect(fragmentOf(location).get('type')).toBe(type)
    }
    const otp = await t.admin.auth.admin.generateLink({ type: 'magiclink', email })
    const { data: verified } = await t.stack.client().auth.verifyOtp({
      email,
      token: otp.data.properties!.email_otp,
      type: 'email',
    })
    expect(verified.user?.id).toBe(user.id)
    const newEmail = uniqueEmail('gen-change')
    const change = await t.admin.auth.admin.generateLink({
      type: 'email_change_new',
      email,
      newEmail,
    })
    expect(change.error).toBeNull()
    expect(change.data.user?.new_email).toBe(newEmail)
    const { location } = await follow(change.data.properties!.action_link)
    expect(fragmentOf(location).get('type')).toBe('email_change')
    const [row] = await t.stack.sql`select email from auth.users where id = ${user.id}`
    expect(row?.email).toBe(newEmail)
  })

  it('turns a magic link for an unknown address into a signup, and refuses recovery', async () => {
    const email = uniqueEmail('gen-new')
    const { data } = await t.admin.auth.admin.generateLink({ type: 'magiclink', email })
    expect(data.properties?.verification_type).toBe('signup')
    const recovery = await t.admin.auth.admin.generateLink({
      type: 'recovery',
      email: uniqueEmail(),
    })
    expect(recovery.error?.status).toBe(404)
    expect(recovery.error?.message).toBe('User with this email not found')
    const bad = await authFetch(t.stack, '/admin/generate_link', {
      token: t.stack.serviceRoleKey,
      body: { type: 'teleport', email },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Invalid email action link type requested: teleport')
  })

  it('invites a user by email; the link signs them in so they can set a password', async () => {
    const email = uniqueEmail('invited')
    const { data, error } = await t.admin.auth.admin.inviteUserByEmail(email, {
      data: { team: 'blue' },
      redirectTo: 'https://app.example.com/join',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.invited_at).toMatch(TIMESTAMP)
    const mail = await latestMail(t.stack, email)
    expect(mail.Subject).toBe('You have been invited')
    const { location } = await follow(linkOf(mail))
    expect(location.pathname).toBe('/join')
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('invite')
    const client = t.stack.client()
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    const { data: me } = await client.auth.getUser()
    expect(me.user?.user_metadata.team).toBe('blue')
    expect(me.user?.email_confirmed_at).toMatch(TIMESTAMP)
    await client.auth.updateUser({ password: 'invited-pass-1' })
    const signIn = await t.stack
      .client()
      .auth.signInWithPassword({ email, password: 'invited-pass-1' })
    expect(signIn.error).toBeNull()
    const twice = await t.admin.auth.admin.inviteUserByEmail(email)
    expect(twice.error?.code).toBe('email_exists')
  })
})
