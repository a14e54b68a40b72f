/**
 * Selling calls, declared as data: submitting cards, the user's orders, appeals and logistics.
 * Reads are quiet (pages draw their own skeletons); writes show the loading indicator.
 */
import type {
  AppealBody,
  CardStatusFilter,
  LogisticsBody,
  LogisticsInfo,
  Order,
  OrderCard,
  OrderDetail,
  OrderList,
  SubmitOrderBody,
  SubmitOrderData,
} from '@maika/shared';
import { request, type Endpoint } from '../http';

export type { LogisticsInfo, Order, OrderCard, OrderDetail, OrderList, SubmitOrderBody, SubmitOrderData };

export const orderEndpoints = {
  submit: { method: 'POST', path: '/api/order/submit', auth: 'token' },
  list: { method: 'GET', path: '/api/order/list', auth: 'token', quiet: true },
  detail: { method: 'GET', path: '/api/order/detail', auth: 'token', quiet: true },
  appeal: { method: 'POST', path: '/api/order/appeal', auth: 'token' },
  saveLogistics: { method: 'POST', path: '/api/order/logistics', auth: 'token' },
  logisticsInfo: { method: 'GET', path: '/api/order/logisticsInfo', auth: 'token', quiet: true },
} as const satisfies Record<string, Endpoint>;

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
  return (await request<{ card: OrderCard }>(orderEndpoints.appeal, { ...body })).card;
}

export function saveLogistics(body: LogisticsBody): Promise<Record<string, never>> {
  return request<Record<string, never>>(orderEndpoints.saveLogistics, { ...body });
}

export function fetchLogisticsInfo(orderId: number): Promise<LogisticsInfo> {
  return request<LogisticsInfo>(orderEndpoints.logisticsInfo, { orderId });
}
