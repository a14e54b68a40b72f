/** Alipay mini-program login: alipay.system.oauth.token exchanges the auth code for the user's id. */
import { ALIPAY_SUCCESS, AlipayTransportError, describeAlipayAnswer, type AlipayAnswer, type AlipayClient } from '../alipay/client';
import { MiniProgramError, type MiniProgramLogin } from './contract';

/** sub_codes that mean the code itself is no good. */
const CODE_ERRORS = new Set(['isv.code-invalid', 'isv.code-expired', 'isv.code-used', 'isv.invalid-auth-code']);

export function createAlipayMiniProgramLogin(client: AlipayClient): MiniProgramLogin {
  return {
    name: 'alipay',
    async openidOf(code) {
      let answer: AlipayAnswer;
      try {
        answer = await client.call('alipay.system.oauth.token', undefined, { grant_type: 'authorization_code', code });
      } catch (error) {
        if (error instanceof AlipayTransportError)
          throw new MiniProgramError('provider', `Alipay did not answer (${error.message})`, error);
        throw error;
      }
      if (answer.code !== ALIPAY_SUCCESS) {
        const kind = CODE_ERRORS.has(answer.sub_code ?? '') ? 'code' : 'provider';
        throw new MiniProgramError(kind, `Alipay refused the login: ${describeAlipayAnswer(answer)}`);
      }
      // Apps created since 2023 get open_id instead of user_id.
      const id = answer.user_id ?? answer.open_id;
      if (typeof id !== 'string' || id === '') throw new MiniProgramError('provider', 'Alipay answered without user_id or open_id');
      return id;
    },
  };
}
