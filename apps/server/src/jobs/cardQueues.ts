/**
 * Queues of the card pipeline (cardWorker.ts): submit to the channel, credit, the status poll,
 * and the carrier poll that marks mailed cards received when delivered.
 */
export const CARD_SUBMIT_QUEUE = 'card-submit';
export const CARD_CREDIT_QUEUE = 'card-credit';
export const CARD_POLL_QUEUE = 'card-poll';
export const SHIPMENT_POLL_QUEUE = 'shipment-poll';
export const CARD_QUEUES = [CARD_SUBMIT_QUEUE, CARD_CREDIT_QUEUE, CARD_POLL_QUEUE, SHIPMENT_POLL_QUEUE] as const;
