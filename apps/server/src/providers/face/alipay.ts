/**
 * Alipay face verification (支付宝身份验证, alipay.user.certify.open.*): initialize gives a
 * certify_id, certify builds the page the user opens in Alipay, query tells the outcome.
 */
import { ALIPAY_SUCCESS, AlipayTransportError, describeAlipayAnswer, type AlipayClient } from '../alipay/client';
import { FaceProviderError, type FaceProvider } from './contract';

export interface AlipayFaceOptions {
  /** The product signed with Alipay: FACE (face only) or SMART_FACE (face with liveness choices). */
  bizCode: 'FACE' | 'SMART_FACE';
  /** The H5 page the user returns to after the scan, relative to the public address. */
  returnPath?: string;
}

const DEFAULT_RETURN_PATH = '/#/pages/realNameAuth/realNameAuth';

async function call(client: AlipayClient, method: string, biz: Record<string, unknown>) {
  try {
    const answer = await client.call(method, biz);
    if (answer.code !== ALIPAY_SUCCESS) throw new FaceProviderError(`Alipay refused ${method}: ${describeAlipayAnswer(answer)}`);
    return answer;
  } catch (error) {
    if (error instanceof AlipayTransportError) throw new FaceProviderError(`Alipay did not answer ${method} (${error.message})`, error);
    throw error;
  }
}

export function createAlipayFace(client: AlipayClient, options: AlipayFaceOptions): FaceProvider {
  return {
    name: 'alipay',
    async start(request) {
      const answer = await call(client, 'alipay.user.certify.open.initialize', {
        outer_order_no: request.outerOrderNo,
        biz_code: options.bizCode,
        identity_param: {
          identity_type: 'CERT_INFO',
          cert_type: 'IDENTITY_CARD',
          cert_name: request.name,
          cert_no: request.idNum,
        },
        merchant_config: { return_url: `${request.baseUrl}${options.returnPath ?? DEFAULT_RETURN_PATH}` },
      });
      const certifyId = answer.certify_id;
      if (typeof certifyId !== 'string' || certifyId === '') {
        throw new FaceProviderError('Alipay answered initialize without a certify_id');
      }
      return { certifyId, certifyUrl: client.pageUrl('alipay.user.certify.open.certify', { certify_id: certifyId }) };
    },
    async query(certifyId) {
      const answer = await call(client, 'alipay.user.certify.open.query', { certify_id: certifyId });
      if (answer.passed === 'T') return { status: 'passed' };
      // 'F' is also the answer before the user has finished the scan; only a stated reason settles it.
      const reason = typeof answer.fail_reason === 'string' ? answer.fail_reason : '';
      return reason ? { status: 'failed', reason } : { status: 'pending' };
    },
  };
}
