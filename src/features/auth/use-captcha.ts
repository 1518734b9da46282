import { useCallback, useEffect, useState } from 'react'
import { type Captcha, getCaptcha } from '@/api/auth'
import { logger } from '@/api/logger'

/** The login captcha; `refresh` fetches a new one (on click and after every failed attempt). */
export function useCaptcha(enabled: boolean): Captcha & { refresh: () => void } {
  const [captcha, setCaptcha] = useState<Captcha>({ key: '', image: '' })
  const refresh = useCallback(() => {
    getCaptcha()
      .then(setCaptcha)
      .catch((err: unknown) => logger.warn('captcha', err))
  }, [])
  useEffect(() => {
    if (enabled) refresh()
  }, [enabled, refresh])
  return { ...captcha, refresh }
}
