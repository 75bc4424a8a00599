/**
 * SMS providers (DESIGN "SMS"): `console` writes the message to the server log on one line with the
 * phone number and the code. Aliyun and Tencent Cloud plug in behind the same interface.
 */
export interface SmsMessage {
  phone: string;
  code: string;
  purpose: string;
  text: string;
}
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export function consoleSms(log: (line: string) => void = (line) => console.log(line)): SmsProvider {
  return {
    async send({ phone, code, purpose }) {
      log(`[sms] phone=${phone} code=${code} purpose=${purpose}`);
    },
  };
}
