import type { AuditAction } from '@maika/shared';
import type { FastifyRequest } from 'fastify';
import type { Db, Queryable, Tx } from '../../db/client';
import { insertAudit } from './repo';

export interface AuditTarget {
  type: string;
  id: string | number;
  /** Before/after or whatever else explains the change; secrets are removed before it is stored. */
  detail?: unknown;
}

/**
 * One operator action as the audit log records it: who, which action, from where, with what input.
 * The admin guard builds it for every audited route (`request.audit`); the route hands it to the
 * service, whose transaction writes it with `recordAudit` so the change and its entry commit
 * together or not at all.
 */
export interface AdminAction {
  /** Null for a change made at the server's terminal (`npm run admin`), outside the console. */
  readonly adminId: number | null;
  readonly action: AuditAction;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly input: { params: unknown; query?: unknown; body: unknown };
  target?: AuditTarget;
  /** Set once an entry was written; the guard refuses to answer an audited write without one. */
  recorded: boolean;
}

// `code` and `currentCode` are second-factor codes (enrolment); other codes (bankCode, versionCode) stay.
// `setup`: an operator's one-time set-up code, the key to choosing their password.
const SECRET_FIELDS = /password|token|secret|cardPwd|cardNo|idNum|otp|recovery|setup|^(current)?code$/i;

/** Secrets anywhere in a body (nested objects, lists of cards) are replaced before the audit stores it. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (!value || typeof value !== 'object') return value;
  if (depth > 8) return '[truncated]';
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELDS.test(k) ? '[redacted]' : withoutSecrets(v, depth + 1),
    ]),
  );
}

/** The request's operator action, about `target`; what a route passes to the service it calls. */
export function auditOf(request: FastifyRequest, target?: AuditTarget): AdminAction | undefined {
  const audit = request.audit;
  if (audit && target) audit.target = target;
  return audit;
}

/**
 * Writes the audit entry of `audit` with `db`, which must be the transaction of the change it
 * records (or, for a read such as a reveal or an export, run before anything is answered).
 * `target` fills in what only the change knows, such as the id of a row it created.
 * Without an action (the service called from a worker or a script) there is nothing to record.
 */
export async function recordAudit(db: Queryable, audit: AdminAction | undefined, target?: Partial<AuditTarget>): Promise<void> {
  if (!audit) return;
  const about = target ? ({ ...audit.target, ...target } as AuditTarget) : audit.target;
  audit.target = about;
  await insertAudit(db, {
    adminId: audit.adminId,
    action: audit.action,
    targetType: about?.type ?? null,
    targetId: about ? String(about.id) : null,
    detail: {
      params: audit.input.params ?? null,
      ...(audit.input.query !== undefined ? { query: withoutSecrets(audit.input.query) } : {}),
      body: withoutSecrets(audit.input.body),
      ...(about?.detail ? { change: withoutSecrets(about.detail) } : {}),
    },
    ip: audit.ip,
    userAgent: audit.userAgent,
  });
  // A transaction retried after a deadlock writes it again; only the committed attempt remains.
  audit.recorded = true;
}

/**
 * For a change that is not already a service transaction (a plain repo write): runs it and its
 * audit entry in one transaction. `targetOf` names the target from the change's result.
 */
export function inAuditedTransaction<T>(
  db: Db,
  audit: AdminAction | undefined,
  change: (tx: Tx) => Promise<T>,
  targetOf?: (result: T) => Partial<AuditTarget>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, audit, targetOf?.(result));
    return result;
  });
}
