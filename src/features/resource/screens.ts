// Resource screens: storage and SMS configurations (enable, send test) and attachments (upload, download).
export const screens = {
  '/resource/oss': () => import('./oss-screen'),
  '/resource/sms': () => import('./sms-screen'),
  '/resource/attach': () => import('./attach-screen'),
}
