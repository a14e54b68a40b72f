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
} from '../api/cardAdmin';
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
} from '../api/order';
import { withSchemas } from './call';
import { cardCalls } from './calls/cards';

/** Every card under appeal: the card filters but the status, which the call fixes. */
const adminAppealQuery = adminCardQuery.omit({ status: true });

export const cardContract = withSchemas(cardCalls, {
  submit: { body: submitOrderBody, answer: submitOrderData },
  list: { query: orderListQuery, answer: orderList },
  detail: { query: orderDetailQuery, answer: orderDetail },
  appeal: { body: appealBody, answer: appealData },
  logistics: { body: logisticsBody, answer: logisticsData },
  logisticsInfo: { query: logisticsInfoQuery, answer: logisticsInfo },
  adminList: { query: adminCardQuery, answer: adminCardList },
  adminDetail: { params: idParams, answer: adminCard },
  appeals: { query: adminAppealQuery, answer: adminCardList },
  reveal: { params: idParams, body: adminRevealBody, answer: adminCardSecret },
  approve: { params: idParams, body: adminApproveBody, answer: adminCard },
  reject: { params: idParams, body: adminCardReasonBody, answer: adminCard },
  notActivated: { params: idParams, body: adminOptionalReasonBody, answer: adminCard },
  abnormal: { params: idParams, body: adminCardReasonBody, answer: adminCard },
  freeze: { params: idParams, answer: adminCard },
  unfreeze: { params: idParams, answer: adminCard },
  bulkApprove: { body: adminBulkApproveBody, answer: adminBulkResult },
  bulkReject: { body: adminBulkRejectBody, answer: adminBulkResult },
  decideAppeal: { params: idParams, body: adminAppealDecideBody, answer: adminCard },
  shipments: { query: adminShipmentQuery, answer: adminShipmentList },
  shipment: { params: idParams, answer: adminShipment },
  received: { params: idParams, answer: adminShipment },
});
