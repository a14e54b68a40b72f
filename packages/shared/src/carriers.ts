/**
 * Carriers a physical card can be mailed with (POST /api/order/logistics takes the code). The
 * codes are the short names Chinese tracking services use; names are shown on logisticsInfo.
 */
import { z } from 'zod';
import { L, type LocalizedText } from './i18n';

export const carriers = [
  { code: 'SF', name: L('顺丰速运', 'SF Express') },
  { code: 'YTO', name: L('圆通速递', 'YTO Express') },
  { code: 'ZTO', name: L('中通快递', 'ZTO Express') },
  { code: 'STO', name: L('申通快递', 'STO Express') },
  { code: 'YD', name: L('韵达快递', 'Yunda Express') },
  { code: 'JD', name: L('京东物流', 'JD Logistics') },
  { code: 'EMS', name: L('中国邮政EMS', 'China Post EMS') },
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
