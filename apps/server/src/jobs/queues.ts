/** Every queue of the background jobs, by name; boss.ts creates each of them at start. */

/** A withdrawal to pay, and the sweep that queues again payouts left unfinished. */
export const PAYOUT_QUEUE = 'payout';
export const PAYOUT_SWEEP_QUEUE = 'payout-sweep';

/**
 * The card pipeline: submit to the channel, credit, the status poll, and the carrier poll that
 * marks mailed cards received when delivered.
 */
export const CARD_SUBMIT_QUEUE = 'card-submit';
export const CARD_CREDIT_QUEUE = 'card-credit';
export const CARD_POLL_QUEUE = 'card-poll';
export const SHIPMENT_POLL_QUEUE = 'shipment-poll';

/** Messages to sellers: one job per delivery, and the sweep that finishes deliveries left due or stuck. */
export const MESSAGE_DELIVERY_QUEUE = 'message-delivery';
export const MESSAGE_SWEEP_QUEUE = 'message-sweep';

/** Callbacks to merchants: one job per due callback of an order, and the sweep that queues again those whose job was lost. */
export const MERCHANT_CALLBACK_QUEUE = 'merchant-callback';
export const MERCHANT_CALLBACK_SWEEP_QUEUE = 'merchant-callback-sweep';

/** Folds the platform accounts' ledger deltas into their balances (ledger/repo.ts `rollUpPlatformBalances`). */
export const LEDGER_ROLLUP_QUEUE = 'ledger-rollup';

/** Housekeeping: expired rows, and uploads nothing uses. */
export const PURGE_QUEUE = 'purge-expired';
export const UPLOAD_CLEANUP_QUEUE = 'upload-cleanup';

export const QUEUES = [
  PAYOUT_QUEUE,
  PAYOUT_SWEEP_QUEUE,
  CARD_SUBMIT_QUEUE,
  CARD_CREDIT_QUEUE,
  CARD_POLL_QUEUE,
  SHIPMENT_POLL_QUEUE,
  MESSAGE_DELIVERY_QUEUE,
  MESSAGE_SWEEP_QUEUE,
  MERCHANT_CALLBACK_QUEUE,
  MERCHANT_CALLBACK_SWEEP_QUEUE,
  PURGE_QUEUE,
  UPLOAD_CLEANUP_QUEUE,
  LEDGER_ROLLUP_QUEUE,
] as const;
