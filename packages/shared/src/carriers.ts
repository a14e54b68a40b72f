/**
 * Carriers a physical card can be mailed with (POST /api/order/logistics takes the code). The
 * codes are the short names Chinese tracking services use; names are shown on logisticsInfo.
 */
import { z } from 'zod';
import type { LocalizedText } from './i18n';

export const carriers = [
  { code: 'SF', name: { 'zh-CN': '顺丰速运', 'en-US': 'SF Express' } },
  { code: 'YTO', name: { 'zh-CN': '圆通速递', 'en-US': 'YTO Express' } },
  { code: 'ZTO', name: { 'zh-CN': '中通快递', 'en-US': 'ZTO Express' } },
  { code: 'STO', name: { 'zh-CN': '申通快递', 'en-US': 'STO Express' } },
  { code: 'YD', name: { 'zh-CN': '韵达快递', 'en-US': 'Yunda Express' } },
  { code: 'JD', name: { 'zh-CN': '京东物流', 'en-US': 'JD Logistics' } },
  { code: 'EMS', name: { 'zh-CN': '中国邮政EMS', 'en-US': 'China Post EMS' } },
] as const satisfies readonly { code: string; name: LocalizedText }[];

export type CarrierCode = (typeof carriers)[number]['code'];
export const carrierCodes = carriers.map((c) => c.code) as [CarrierCode, ...CarrierCode[]];

export const carrierCodeSchema = z.enum(carrierCodes, {
  error: `must be one of: ${carrierCodes.join(', ')}`,
});

export function carrierByCode(code: string): (typeof carriers)[number] | undefined {
  return carriers.find((c) => c.code === code);
}

/** Tracking numbers are letters and digits; carriers use 8 to 30 of them. */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9]{8,30}$/;
