import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { activateLocale, storedLocale } from './i18n'

await activateLocale(storedLocale())
createRoot(document.getElementById('root')!).render(<App />)
