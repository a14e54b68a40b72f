/** Queues of the housekeeping jobs (maintenanceWorker.ts). */
export const PURGE_QUEUE = 'purge-expired';
export const UPLOAD_CLEANUP_QUEUE = 'upload-cleanup';
export const MAINTENANCE_QUEUES = [PURGE_QUEUE, UPLOAD_CLEANUP_QUEUE] as const;
