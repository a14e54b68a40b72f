import { Code } from '../codes';
import { idParams } from '../api/admin';
import { adminRevealBody } from '../api/approvals';
import {
  adminAppealDecideBody,
  adminApproveBody,
  adminBulkApproveBody,
  adminBulkRejectBody,
  adminBulkResult,
  adminCard,
  adminCardList,
  adminCardQuery,
  adminCardReasonBody,
  adminCardSecret,
  adminOptionalReasonBody,
  adminShipment,
  adminShipmentList,
  adminShipmentQuery,
} from '../api/cardsAdmin';
import {
  appealBody,
  appealData,
  logisticsBody,
  logisticsData,
  logisticsInfo,
  logisticsInfoQuery,
  orderDetail,
  orderDetailQuery,
  orderList,
  orderListQuery,
  submitOrderBody,
  submitOrderData,
} from '../api/cards';
import { withSchemas } from './call';
import { cardCalls } from './calls/cards';

/** Every card under appeal: the card filters but the status, which the call fixes. */
const adminAppealQuery = adminCardQuery.omit({ status: true });

/** Every decision on a card goes through one service step (a second approval, a state change), so each can answer these. */
const cardDecisionCodes = [
  Code.ApprovalAlreadyPending,
  Code.ApprovalAmountChanged,
  Code.ApprovalSameOperator,
  Code.CardStateConflict,
  Code.FaceValueNotOfCardType,
  Code.NotFound,
] as const;
/** A reviewer's decisions also meet mailed cards not yet received; an appealed card was received long before. */
const cardReviewCodes = [...cardDecisionCodes, Code.CardNotReceived] as const;

export const cardContract = withSchemas(cardCalls, {
  submit: {
    body: submitOrderBody,
    answer: submitOrderData,
    codes: [
      Code.CardAlreadySubmitted,
      Code.CardBatchRejected,
      Code.CardDailyCapReached,
      Code.CardTypeMaintenance,
      Code.FaceValueUnavailable,
      Code.IdempotencyKeyReused,
      Code.NotFound,
    ],
  },
  list: { query: orderListQuery, answer: orderList },
  detail: { query: orderDetailQuery, answer: orderDetail, codes: [Code.NotFound] },
  appeal: {
    body: appealBody,
    answer: appealData,
    codes: [Code.CardAppealNotAllowed, Code.CardAppealWindowClosed, Code.CardTwinLive, Code.NotFound],
  },
  logistics: { body: logisticsBody, answer: logisticsData, codes: [Code.NotFound, Code.OrderNotPhysical, Code.ShipmentTrackingLocked] },
  logisticsInfo: {
    query: logisticsInfoQuery,
    answer: logisticsInfo,
    codes: [Code.NotFound, Code.OrderLogisticsMissing, Code.OrderNotPhysical],
  },
  adminList: { query: adminCardQuery, answer: adminCardList },
  adminDetail: { params: idParams, answer: adminCard, codes: [Code.NotFound] },
  appeals: { query: adminAppealQuery, answer: adminCardList },
  reveal: {
    params: idParams,
    body: adminRevealBody,
    answer: adminCardSecret,
    codes: [Code.NotFound, Code.RevealHourlyLimit, Code.RevealNotAllowed],
  },
  approve: {
    params: idParams,
    body: adminApproveBody,
    answer: adminCard,
    codes: cardReviewCodes,
  },
  reject: {
    params: idParams,
    body: adminCardReasonBody,
    answer: adminCard,
    codes: cardReviewCodes,
  },
  notActivated: {
    params: idParams,
    body: adminOptionalReasonBody,
    answer: adminCard,
    codes: cardReviewCodes,
  },
  abnormal: {
    params: idParams,
    body: adminCardReasonBody,
    answer: adminCard,
    codes: cardReviewCodes,
  },
  freeze: { params: idParams, answer: adminCard, codes: [Code.CardStateConflict, Code.NotFound] },
  unfreeze: { params: idParams, answer: adminCard, codes: [Code.CardStateConflict, Code.NotFound] },
  bulkApprove: {
    body: adminBulkApproveBody,
    answer: adminBulkResult,
    codes: cardReviewCodes,
  },
  bulkReject: {
    body: adminBulkRejectBody,
    answer: adminBulkResult,
    codes: cardReviewCodes,
  },
  decideAppeal: {
    params: idParams,
    body: adminAppealDecideBody,
    answer: adminCard,
    codes: cardDecisionCodes,
  },
  shipments: { query: adminShipmentQuery, answer: adminShipmentList },
  shipment: { params: idParams, answer: adminShipment, codes: [Code.NotFound] },
  received: { params: idParams, answer: adminShipment, codes: [Code.NotFound, Code.OrderNotPhysical, Code.ShipmentAlreadyReceived] },
});
