// Where SMS validation codes go. The default provider writes them to the server log, so that a
// deployment without an SMS gateway still works (the operator reads the code from the log);
// a real gateway implements the same interface.
export interface SmsProvider {
  send(phone: string, template: string, params: Record<string, string>): Promise<void>
}

export const logSmsProvider: SmsProvider = {
  async send(phone, template, params) {
    console.info(`[sms] to ${phone} template ${template} ${JSON.stringify(params)}`)
  },
}
