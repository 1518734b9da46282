// The loading and failed states of a dialog's own query (the prototype grid, the code preview, a
// statement): a spinner while it loads, and a failure that says what failed with a retry.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Center, Loader } from '@mantine/core'

interface Props {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown }
  /** What failed, as a title ("字段配置加载失败"). */
  failed: string
}

export function QueryStatus({ query, failed }: Props) {
  const { t } = useLingui()
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t`加载中`} />
      </Center>
    )
  if (!query.isError) return null
  return (
    <Alert color="red" title={failed} role="alert">
      <Button size="xs" variant="light" onClick={() => void query.refetch()}>
        <Trans>重试</Trans>
      </Button>
    </Alert>
  )
}
