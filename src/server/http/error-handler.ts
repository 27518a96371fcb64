import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from './errors'

/**
 * Every failure answers `{ message, field? }`. Expected refusals keep their status; framework errors for
 * bad input (malformed JSON, wrong content type, body too large) keep theirs (4xx); anything else is a
 * bug, logged with the request id and answered 500 without details.
 */
export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(error.field ? { message: error.message, field: error.field } : { message: error.message })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: clientMessage(error) })
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.code(500).send({ message: 'Something went wrong. Please try again.' })
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as application/json'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large'
    default:
      return error.message
  }
}
