/**
 * Which switches the message settings show: SMS where the platform has it on, and the
 * mini-program's own subscribe messages only inside that mini-program (H5 has none).
 */
import type { MessageSettingsData } from '@maika/shared';

export type PreferenceChannel = 'sms' | 'miniProgram';

/** The switch columns, in order, for the channels the platform has on and the app the user is in. */
export function shownChannels(channels: MessageSettingsData['channels'], taroEnv: string | undefined): PreferenceChannel[] {
  const shown: PreferenceChannel[] = [];
  if (channels.sms) shown.push('sms');
  if ((taroEnv === 'weapp' && channels.weapp) || (taroEnv === 'alipay' && channels.alipay)) shown.push('miniProgram');
  return shown;
}
