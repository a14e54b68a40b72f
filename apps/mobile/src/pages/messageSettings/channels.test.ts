import { describe, expect, it } from 'vitest';
import { shownChannels } from './channels';

describe('the switches of the message settings', () => {
  const allOn = { sms: true, weapp: true, alipay: true };

  it('shows no mini-program switch on H5, whatever the platform has on', () => {
    expect(shownChannels(allOn, 'h5')).toEqual(['sms']);
  });

  it("shows the mini-program switch inside WeChat or Alipay only when that mini-program's channel is on", () => {
    expect(shownChannels(allOn, 'weapp')).toEqual(['sms', 'miniProgram']);
    expect(shownChannels({ ...allOn, weapp: false }, 'weapp')).toEqual(['sms']);
    expect(shownChannels({ ...allOn, weapp: false }, 'alipay')).toEqual(['sms', 'miniProgram']);
    expect(shownChannels({ ...allOn, alipay: false }, 'alipay')).toEqual(['sms']);
  });

  it('shows no SMS switch when the platform sends no texts', () => {
    expect(shownChannels({ ...allOn, sms: false }, 'weapp')).toEqual(['miniProgram']);
    expect(shownChannels({ sms: false, weapp: false, alipay: false }, 'h5')).toEqual([]);
  });
});
