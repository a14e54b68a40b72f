/**
 * Real-name verification: start a face scan at the provider, then poll it until it settles. A
 * pass moves the name and ID number onto the user exactly once, whoever polls first.
 */
import { Code, isTextKey, maskIdNumber, type FaceCertifyData, type StoredText } from '@maika/shared';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/envelope';
import { decrypt, encrypt, keyedHash } from '../../lib/crypto';
import { FaceProviderError, type FaceOutcome } from '../../providers/face';
import { getUser, realInfoOf } from '../accounts';
import {
  expirePendingOf,
  findCertification,
  idNumberVerifiedElsewhere,
  insertCertification,
  lockPending,
  setRealName,
  settleCertification,
  uniqueViolation,
  type FaceCertificationRow,
} from './faceRepo';

/** A scan not finished within this time counts as abandoned. */
export const FACE_PENDING_TTL_MS = 30 * 60 * 1000;

/** Our reasons for settling an attempt ourselves are stored as `face.<reason>` keys without the prefix. */
function storedReason(reason: string): StoredText {
  const key = `face.${reason}`;
  return isTextKey(key) ? { key } : reason;
}

export const idNumberHash = (deps: Deps, idNum: string) => keyedHash(deps.config.appSecret, 'id-number', idNum);

/** FC + UTC date + 20 hex: unique, at most 32 characters as Alipay requires of outer_order_no. */
const newOuterOrderNo = () => `FC${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(10).toString('hex')}`;

function providerFailed(error: unknown): never {
  if (error instanceof FaceProviderError) throw new AppError(Code.FaceProviderFailed, { reason: error.reason }, null, error);
  throw error;
}

export async function startFaceCertify(
  deps: Deps,
  userId: number,
  input: { name: string; idNum: string; baseUrl: string },
): Promise<{ certifyId: string; certifyUrl: string }> {
  const user = await getUser(deps, userId);
  if (user.idNumHash) throw new AppError(Code.RealNameAlreadyVerified);
  const idNumHash = idNumberHash(deps, input.idNum);
  if (await idNumberVerifiedElsewhere(deps.database.db, userId, idNumHash)) throw new AppError(Code.IdNumberTaken);
  // Counted after the checks above, so a refusal that costs nothing does not use up the day.
  if ((await deps.limits.faceCertifyDaily.take(String(userId))) !== null) throw new AppError(Code.FaceCertifyDailyLimit);

  const outerOrderNo = newOuterOrderNo();
  const started = await deps.face.start({ outerOrderNo, ...input }).catch(providerFailed);
  const key = deps.config.dataEncryptionKey;
  await deps.database.db.transaction(async (tx) => {
    await expirePendingOf(tx, userId, 'superseded');
    await insertCertification(tx, {
      userId,
      provider: deps.face.name,
      outerOrderNo,
      certifyId: started.certifyId,
      nameEnc: encrypt(key, input.name),
      idNumEnc: encrypt(key, input.idNum),
      idNumHash,
      certifyUrl: started.certifyUrl,
    });
  });
  return started;
}

/**
 * The attempt's state, asking the provider while it is pending. Returns the response code too:
 * 338 while pending (poll again), 200 once settled.
 */
/** The verification as the service hands it out: the reason is rendered for the reader at the edge. */
export type FaceCertifyView = Omit<FaceCertifyData, 'failReason'> & { failReason: StoredText | null };

export async function queryFaceCertify(
  deps: Deps,
  userId: number,
  certifyId: string | undefined,
): Promise<{ code: Code; data: FaceCertifyView }> {
  const db = deps.database.db;
  let row = await findCertification(db, userId, certifyId);
  if (!row) throw notFound('thing.verification');
  if (row.status === 'pending') {
    await settleFromProvider(deps, row);
    row = (await findCertification(db, userId, row.certifyId))!;
  }
  const user = await getUser(deps, userId);
  return {
    code: row.status === 'pending' ? Code.VerificationPending : Code.Ok,
    data: {
      certifyId: row.certifyId,
      status: row.status,
      certifyUrl: row.certifyUrl,
      failReason: row.failReason === null ? null : storedReason(row.failReason),
      realInfo: realInfoOf(deps, user),
    },
  };
}

async function settleFromProvider(deps: Deps, row: FaceCertificationRow): Promise<void> {
  const abandoned = Date.now() - row.createdAt.getTime() > FACE_PENDING_TTL_MS;
  let outcome: FaceOutcome;
  try {
    outcome = await deps.face.query(row.certifyId);
  } catch (error) {
    // An abandoned attempt needs no answer from the provider to be closed.
    if (abandoned) return settleCertification(deps.database.db, row.id, 'expired', 'abandoned');
    return providerFailed(error);
  }
  if (outcome.status === 'passed') return passCertification(deps, row.id);
  if (outcome.status === 'failed') return settleCertification(deps.database.db, row.id, 'failed', outcome.reason);
  if (abandoned) return settleCertification(deps.database.db, row.id, 'expired', 'abandoned');
}

/**
 * One transaction: the attempt is locked while pending, so of two concurrent polls one passes it
 * and the other finds it settled. The unique index on the ID hash has the last word on "one ID
 * per account" when two accounts pass with the same ID at the same moment.
 */
async function passCertification(deps: Deps, certificationId: number): Promise<void> {
  const key = deps.config.dataEncryptionKey;
  await deps.database.db.transaction(async (tx) => {
    const row = await lockPending(tx, certificationId);
    if (!row) return;
    const identity = {
      realNameEnc: row.nameEnc,
      idNumEnc: row.idNumEnc,
      idNumMasked: maskIdNumber(decrypt(key, row.idNumEnc)),
      idNumHash: row.idNumHash,
    };
    try {
      await tx.transaction((savepoint) => setRealName(savepoint, row.userId, identity));
    } catch (error) {
      if (uniqueViolation(error) !== 'users_id_num_hash_key') throw error;
      return settleCertification(tx, row.id, 'failed', 'idTaken');
    }
    await settleCertification(tx, row.id, 'passed', null);
  });
}
