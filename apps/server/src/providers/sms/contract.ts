import type { NoticeResult } from '../notice';

/** What an SMS code is for; also the template chosen at the SMS vendor. */
export type SmsPurpose = 'login' | 'modifyPhone';

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

/** A gateway that delivers one verification code to one phone. Throws on any refusal. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** One variable of a notice template, in the template's order (Tencent fills by position, Aliyun by name). */
export interface NoticeParam {
  name: string;
  value: string;
}

/** A notice to a seller through an approved template: what happened to their cards or money. */
export interface SmsNotice {
  phone: string;
  /** The template approved at the vendor, from the channel settings. */
  templateId: string;
  params: readonly NoticeParam[];
  /** The whole text in the reader's language: what the simulator shows in place of the vendor's template. */
  text: string;
}

/** The same gateway sending notices; it answers how the vendor took each one instead of throwing. */
export interface SmsNoticeSender {
  readonly name: string;
  sendNotice(notice: SmsNotice): Promise<NoticeResult>;
}

export type SmsGateway = SmsProvider & SmsNoticeSender;
