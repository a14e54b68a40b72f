import { afterEach, describe, expect, it, vi } from 'vitest';

const requestSubscribeMessage = vi.fn();
vi.mock('@tarojs/taro', () => ({ default: { requestSubscribeMessage } }));

const { askSubscribeConsent } = await import('./subscribeConsent');

const builtFor = process.env.TARO_ENV;
afterEach(() => {
  if (builtFor === undefined) Reflect.deleteProperty(process.env, 'TARO_ENV');
  else process.env.TARO_ENV = builtFor;
  requestSubscribeMessage.mockReset();
});

describe('the subscribe-message consent request', () => {
  const ids = ['tpl-credited', 'tpl-needs-you'];

  it('asks WeChat for tmplIds at once, in the caller’s own turn, and answers with the accepted ones', async () => {
    process.env.TARO_ENV = 'weapp';
    requestSubscribeMessage.mockResolvedValue({
      errMsg: 'requestSubscribeMessage:ok',
      'tpl-credited': 'accept',
      'tpl-needs-you': 'reject',
    });
    const answer = askSubscribeConsent(ids);
    expect(requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ids });
    expect(await answer).toEqual(['tpl-credited']);
  });

  it('asks Alipay for entityIds', async () => {
    process.env.TARO_ENV = 'alipay';
    requestSubscribeMessage.mockResolvedValue({ result: { subscribeEntityIds: ['tpl-needs-you'] } });
    expect(await askSubscribeConsent(ids)).toEqual(['tpl-needs-you']);
    expect(requestSubscribeMessage).toHaveBeenCalledWith({ entityIds: ids });
  });

  it('answers "none accepted" to a refused request, a client without the API, and no templates, never failing', async () => {
    process.env.TARO_ENV = 'weapp';
    requestSubscribeMessage.mockRejectedValueOnce({ errMsg: 'requestSubscribeMessage:fail cancel', errCode: 20004 });
    expect(await askSubscribeConsent(ids)).toEqual([]);
    requestSubscribeMessage.mockImplementationOnce(() => {
      throw new TypeError('requestSubscribeMessage is not a function');
    });
    expect(await askSubscribeConsent(ids)).toEqual([]);
    expect(await askSubscribeConsent([])).toEqual([]);
    expect(requestSubscribeMessage).toHaveBeenCalledTimes(2);
  });
});
