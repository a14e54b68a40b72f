/**
 * WeChat transfer bills wait for the payee to confirm receipt inside WeChat: wx.requestMerchantTransfer
 * exists in the WeChat mini-program only (Taro 4.2 does not wrap it), so it is called natively there.
 */
import type { WithdrawalRecord } from '@/api/endpoints/withdrawals';

interface MerchantTransferOptions {
  mchId: string;
  appId: string;
  package: string;
  success(): void;
  fail(failure: { errMsg?: string }): void;
}

// The mini-program's own global; not always reachable through globalThis on older WeChat versions.
declare const wx: { requestMerchantTransfer?: (options: MerchantTransferOptions) => void } | undefined;

/** True where the app can open WeChat's confirmation itself. */
export const canConfirmReceipt: boolean = process.env.TARO_ENV === 'weapp';

/** Opens WeChat's "confirm receipt" sheet; resolves 'confirmed', 'cancelled' or 'unsupported' (an old WeChat). */
export function confirmReceipt(confirm: NonNullable<WithdrawalRecord['confirm']>): Promise<'confirmed' | 'cancelled' | 'unsupported'> {
  const request = canConfirmReceipt && typeof wx !== 'undefined' ? wx?.requestMerchantTransfer : undefined;
  if (!request) return Promise.resolve('unsupported');
  return new Promise((resolve) => {
    request({
      mchId: confirm.mchId,
      appId: confirm.appId,
      package: confirm.packageInfo,
      success: () => resolve('confirmed'),
      fail: () => resolve('cancelled'),
    });
  });
}
