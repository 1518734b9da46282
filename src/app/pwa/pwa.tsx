// The PWA pieces of the app frame: worker registration with the update prompt, and the iOS
// install hint. Mounted once inside the Mantine and Lingui providers.
import { useState } from 'react'
import { InstallHintBanner } from './install-hint-banner'
import { startServiceWorker } from './register-sw'
import { UpdatePrompt } from './update-prompt'

export function Pwa() {
  // Registration starts with the first render; startServiceWorker returns the same flow after that.
  const [flow] = useState(startServiceWorker)
  return (
    <>
      {flow && <UpdatePrompt flow={flow} />}
      <InstallHintBanner />
    </>
  )
}
