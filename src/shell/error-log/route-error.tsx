// errorComponent of the routes inside the shell: records the error once and shows it in place.
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isChunkLoadError } from './chunk-error'
import { ContentError } from './content-error'
import { errorLogStore } from './error-log-store'

export function RouteError({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    errorLogStore.record(error, isChunkLoadError(error) ? 'chunk load' : 'route')
  }, [error])
  return <ContentError error={error} reset={reset} />
}
