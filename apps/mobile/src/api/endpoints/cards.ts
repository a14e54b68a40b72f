/**
 * Selling calls, from the API contract: submitting cards, the user's orders, appeals and logistics.
 * Reads are quiet (pages draw their own skeletons); writes show the loading indicator.
 */
import {
  cardCalls,
  type AnswerOf,
  type AppealBody,
  type cardContract,
  type CardStatusFilter,
  type LogisticsBody,
  type LogisticsInfo,
  type Order,
  type OrderCard,
  type OrderDetail,
  type OrderList,
  type OrderStatusCount,
  type OrderSummary,
  type SubmitOrderBody,
  type SubmitOrderData,
} from '@maika/shared';
import { endpointOf } from '../endpoint';
import { request } from '../http';

export type { LogisticsInfo, Order, OrderCard, OrderDetail, OrderList, OrderStatusCount, OrderSummary, SubmitOrderBody, SubmitOrderData };

type LogisticsSaved = AnswerOf<typeof cardContract.logistics>;

export const orderEndpoints = {
  submit: endpointOf(cardCalls.submit),
  list: endpointOf(cardCalls.list, { quiet: true }),
  detail: endpointOf(cardCalls.detail, { quiet: true }),
  appeal: endpointOf(cardCalls.appeal),
  saveLogistics: endpointOf(cardCalls.logistics),
  logisticsInfo: endpointOf(cardCalls.logisticsInfo, { quiet: true }),
};

export function submitOrder(body: SubmitOrderBody): Promise<SubmitOrderData> {
  return request<SubmitOrderData>(orderEndpoints.submit, { ...body });
}

export function fetchOrders(status: CardStatusFilter, page: number, pageSize: number): Promise<OrderList> {
  return request<OrderList>(orderEndpoints.list, { status, page, pageSize });
}

export function fetchOrderDetail(id: number): Promise<OrderDetail> {
  return request<OrderDetail>(orderEndpoints.detail, { id });
}

export async function appealCard(body: AppealBody): Promise<OrderCard> {
  return (await request<AnswerOf<typeof cardContract.appeal>>(orderEndpoints.appeal, { ...body })).card;
}

export function saveLogistics(body: LogisticsBody): Promise<LogisticsSaved> {
  return request<LogisticsSaved>(orderEndpoints.saveLogistics, { ...body });
}

export function fetchLogisticsInfo(orderId: number): Promise<LogisticsInfo> {
  return request<LogisticsInfo>(orderEndpoints.logisticsInfo, { orderId });
}
