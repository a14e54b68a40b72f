/** What every face verification provider offers, and how it fails. */
/** Starts per user per day, unless FACE_DAILY_LIMIT says otherwise. */
export const FACE_CERTIFY_DAILY_LIMIT = 5;

export interface FaceStartRequest {
  /** Our order number, unique for ever (at most 32 characters, Alipay's limit). */
  outerOrderNo: string;
  name: string;
  idNum: string;
  /** Our public address, e.g. https://maika.example.com: where the provider sends the user back. */
  baseUrl: string;
}

export interface FaceStart {
  certifyId: string;
  certifyUrl: string;
}

export type FaceOutcome = { status: 'pending' } | { status: 'passed' } | { status: 'failed'; reason: string };

export interface FaceProvider {
  readonly name: string;
  /** Throws FaceProviderError when the provider refuses or cannot be reached. */
  start(request: FaceStartRequest): Promise<FaceStart>;
  query(certifyId: string): Promise<FaceOutcome>;
}

/** The provider refused or did not answer; `reason` is for the user's message and the logs. */
export class FaceProviderError extends Error {
  constructor(
    public readonly reason: string,
    cause?: unknown,
  ) {
    super(`face verification provider: ${reason}`, { cause });
    this.name = 'FaceProviderError';
  }
}
