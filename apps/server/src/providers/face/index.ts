/**
 * Real-name face verification: the provider compares the person in front of the camera with the
 * photo on file for a name and ID number. The user opens `certifyUrl`; we ask for the outcome.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { alipayClientFromConfig } from '../alipay/client';
import { createAlipayFace } from './alipay';
import { createSimulatedFace } from './sim';
import type { FaceProvider } from './contract';

export * from './contract';

/** The provider chosen by FACE_PROVIDER; config validation has already checked its credentials. */
export function createFaceProvider(config: Config, db: Db): FaceProvider {
  switch (config.FACE_PROVIDER) {
    case 'alipay':
      return createAlipayFace(alipayClientFromConfig(config), { bizCode: config.FACE_ALIPAY_BIZ_CODE });
    case 'sim':
      return createSimulatedFace(db);
  }
}
