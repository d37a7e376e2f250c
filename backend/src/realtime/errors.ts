// The real server's error strings, in one place. Join errors are "<Code>: <message>" replies;
// channel shutdowns are `system` messages followed by phx_close; connect refusals are HTTP
// answers to the WebSocket upgrade.

export const JOIN_ERRORS = {
  topicRequired: 'TopicNameRequired: You must provide a topic name',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  unknown: 'Unknown Error on Channel',
  databaseUnavailable: 'Realtime was unable to connect to the project database',
  replayOnPublic: 'UnableToReplayMessages: Replay is not allowed for public channels',
  privateOnly: 'PrivateOnly: This project only allows private channels',
  unmatchedTopic: 'unmatched topic',
} as const

export function unauthorizedRead(subTopic: string): string {
  return `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`
}

export const SYSTEM_MESSAGES = {
  subscribed: 'Subscribed to PostgreSQL',
  replicationReady: 'Replication connection established',
  presenceRateLimited: 'Client presence rate limit exceeded',
  presencePerSecond: 'Too many presence messages per second',
  tooManyMessages: 'Too many messages per second',
  trackTooLarge: 'Track message size exceeded',
} as const

export function permissionRevoked(subTopic: string): string {
  return `You no longer have permission to read from this Channel topic: ${subTopic}`
}

export const PRESENCE_NOT_A_MAP = 'Presence track payload must be a map'
export const PAYLOAD_TOO_LARGE = 'payload_size_exceeded'

/** Refusals of the HTTP broadcast API over the message rate (429, `{"message": …}`). */
export const RATE_ERRORS = {
  exceeded: 'You have exceeded your rate limit',
  batchTooLarge: 'Too many messages to broadcast, please reduce the batch size',
} as const

/** Connect refusals: HTTP status and the `{"error": …}` body. */
export const CONNECT_ERRORS = {
  apiKeyMissing: { status: 401, message: 'API key is missing' },
  expired: { status: 401, message: 'Token has expired' },
  claimsMissing: { status: 401, message: 'Fields `role` and `exp` are required in JWT' },
  malformed: { status: 401, message: 'The token provided is not a valid JWT' },
  signature: { status: 401, message: 'Failed to validate JWT signature' },
  tooManyJoins: { status: 429, message: 'Too many joins per second' },
} as const

/** Postgres SQLSTATEs as the Elixir driver names them in the messages it builds. */
const CONDITIONS: Record<string, string> = {
  P0001: 'raise_exception',
  '22P02': 'invalid_text_representation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22003': 'numeric_value_out_of_range',
  '2201B': 'invalid_regular_expression',
  '22023': 'invalid_parameter_value',
  '42704': 'undefined_object',
  '42883': 'undefined_function',
  '42501': 'insufficient_privilege',
}

/** "ERROR 22P02 (invalid_text_representation) invalid input syntax …", as Postgrex prints it. */
export function describePostgresError(error: unknown): string {
  const e = error as { code?: string; message?: string }
  const code = e.code ?? 'XX000'
  const condition = CONDITIONS[code] ?? 'internal_error'
  return `ERROR ${code} (${condition}) ${e.message ?? String(error)}`
}
