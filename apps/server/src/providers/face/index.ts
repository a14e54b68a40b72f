/**
 * Real-name face verification: the provider compares the person in front of the camera with the
 * photo on file for a name and ID number. The user opens `certifyUrl`; we ask for the outcome.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { alipayClientFromConfig } from '../alipay/client';
import { createAlipayFace } from './alipay';
import { createSimulatedFace } from './sim';

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

/** The provider chosen by FACE_PROVIDER; config validation has already checked its credentials. */
export function createFaceProvider(config: Config, db: Db): FaceProvider {
  switch (config.FACE_PROVIDER) {
    case 'alipay':
      return createAlipayFace(alipayClientFromConfig(config), { bizCode: config.FACE_ALIPAY_BIZ_CODE });
    case 'sim':
      return createSimulatedFace(db);
  }
}
