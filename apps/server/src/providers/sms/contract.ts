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
