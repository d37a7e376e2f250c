// POST /signup: email + password sign-up and the anonymous sign-in (a body with neither email nor
// phone), as GoTrue's signup.go and anonymous.go; the flows themselves are users/signup.ts.
import type { FastifyInstance } from 'fastify'
import { ERRORS } from '../errors.ts'
import { readParams } from '../http/params.ts'
import { rateLimit, rawBody } from '../http/request.ts'
import type { AuthRuntime } from '../runtime.ts'
import { SIGNUP_PARAMS, signup, signupAnonymously } from '../users/signup.ts'

export function registerSignup(app: FastifyInstance, rt: AuthRuntime): void {
  app.post('/signup', async (request, reply) => {
    const params = readParams(rawBody(request), SIGNUP_PARAMS)
    if (params.email === '' && params.phone === '') {
      if (!rt.settings.anonymousEnabled) {
        throw ERRORS.anonymousProviderDisabled('Anonymous sign-ins are disabled')
      }
      rateLimit(rt.limiters.anonymousUsers, request)
      return reply.send(await signupAnonymously(rt, request, params))
    }
    rateLimit(rt.limiters.signInSignUps, request)
    const result = await signup(rt, request, params)
    return reply.send(result)
  })
}
