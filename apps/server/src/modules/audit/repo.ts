import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema';

export async function insertAudit(
  db: Queryable,
  entry: {
    adminId: number | null;
    action: string;
    targetType?: string | null;
    targetId?: string | null;
    detail?: unknown;
    ip?: string | null;
    userAgent?: string | null;
  },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}
