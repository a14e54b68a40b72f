export { auditOf, inAuditedTransaction, recordAudit, withoutSecrets, type AdminAction } from './service';
