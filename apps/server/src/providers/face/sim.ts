import { maskRealName } from '@maika/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/client';
import { faceSimSessions } from '../../db/schema';
import type { FaceProvider } from './contract';

export const SIM_FACE_PATH = '/sim/face';
/** The reason the simulator gives when the tester presses "Fail": a key of our own reasons, shown in the reader's language. */
export const SIM_FACE_FAIL_REASON = 'faceMismatch';

/**
 * Face verification without a vendor: the certify URL is our own page (modules/identity/simFaceRoutes.ts) where a
 * tester presses Pass or Fail. Used in development, demos and tests; refused in production.
 */
export function createSimulatedFace(db: Db): FaceProvider {
  return {
    name: 'sim',
    async start(request) {
      const certifyId = `sim${randomBytes(12).toString('hex')}`;
      await db.insert(faceSimSessions).values({ certifyId, nameMasked: maskRealName(request.name) });
      return { certifyId, certifyUrl: `${request.baseUrl}${SIM_FACE_PATH}/${certifyId}` };
    },
    async query(certifyId) {
      const session = await findSimSession(db, certifyId);
      if (session?.outcome === 'passed') return { status: 'passed' };
      if (session?.outcome === 'failed') return { status: 'failed', reason: SIM_FACE_FAIL_REASON };
      return { status: 'pending' };
    },
  };
}

export async function findSimSession(db: Queryable, certifyId: string) {
  const [row] = await db.select().from(faceSimSessions).where(eq(faceSimSessions.certifyId, certifyId));
  return row;
}

/** The tester's choice; the first one stands, as a real face scan cannot be redone under the same id. */
export async function decideSimSession(db: Queryable, certifyId: string, outcome: 'passed' | 'failed'): Promise<void> {
  await db
    .update(faceSimSessions)
    .set({ outcome })
    .where(and(eq(faceSimSessions.certifyId, certifyId), isNull(faceSimSessions.outcome)));
}
