// The one error handler of the Storage routes: Storage's errors as they are, request validation
// and other client errors in Storage's shape, anything else a generic 500 with the details in the
// log only. And Storage's answer to an unknown route.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { Logger } from '../logger.ts'
import { requestPath } from './caller.ts'
import { ERRORS, StorageError } from './errors.ts'

/** Headers a failed download may have set for the object; the error body is JSON. */
const OBJECT_HEADERS = [
  'accept-ranges',
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-length',
  'etag',
  'last-modified',
  'vary',
]

export function storageErrorHandler(log: Logger) {
  return (error: FastifyError | StorageError, request: FastifyRequest, reply: FastifyReply) => {
    if (!(error instanceof StorageError) && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Storage renders Fastify's own errors as they are: their status, name and message.
      void reply
        .code(413)
        .type('application/json; charset=utf-8')
        .send({ statusCode: '413', error: 'FastifyError', message: error.message })
      return
    }
    const storageError = toStorageError(error)
    if (storageError.status >= 500) {
      log.error(
        `${request.method} ${request.url} failed`,
        storageError.cause ?? (error instanceof StorageError ? undefined : error)
      )
    }
    for (const name of OBJECT_HEADERS) reply.removeHeader(name)
    if (storageError.code !== 'InvalidRange') reply.removeHeader('content-range')
    void reply
      .code(storageError.httpStatus)
      .type('application/json; charset=utf-8')
      .send(storageError.render())
  }
}

export function storageNotFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const path = requestPath(request).split('?')[0] ?? ''
  const error = ERRORS.routeNotFound(request.method, path)
  void reply.code(error.httpStatus).send(error.render())
}

function toStorageError(error: FastifyError | StorageError): StorageError {
  if (error instanceof StorageError) return error
  if (error.validation) return ERRORS.validation(error.message)
  const status = error.statusCode
  if (status !== undefined && status >= 400 && status < 500) {
    return new StorageError(status, 'InvalidRequest', error.message, 'Bad Request')
  }
  return ERRORS.internal(error)
}
