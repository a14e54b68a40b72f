/**
 * The two ways a call fails, in a module of their own so code that only inspects errors (the query
 * client's retry rule) does not pull the whole request layer into the first download.
 */

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** The body's code; null when no envelope arrived. */
    readonly code: number | null,
    /** HTTP status; null when no response arrived. */
    readonly status: number | null,
    /** PlatformErrorCode of a transport failure. */
    readonly errCode: number | null = null,
    /** The body's data, where an error code carries details (a batch's bad lines). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** How a transport failed; transports reject with this so the layer can name the cause. */
export class TransportFailure extends Error {
  override name = 'TransportFailure';
  constructor(
    /** PlatformErrorCode: time-out, abort or network failure. */
    readonly errCode: number,
    detail: string,
  ) {
    super(detail);
  }
}
