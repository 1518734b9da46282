// Personal info (/info/index) with the tabs info and change password.
import { useLingui } from '@lingui/react/macro'
import { Alert, Card, Loader, Tabs } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { userInfoQuery } from '@/shell/menu/menu-queries'
import { InfoForm } from './info-form'
import { PasswordForm } from './password-form'

export function InfoPage() {
  const { t } = useLingui()
  const q = useQuery(userInfoQuery())
  return (
    <Card radius={10} withBorder padding="lg">
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info">{t`个人信息`}</Tabs.Tab>
          <Tabs.Tab value="password">{t`修改密码`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          {q.isPending ? (
            <Loader />
          ) : q.isError ? (
            <Alert color="red">{t`个人信息加载失败`}</Alert>
          ) : (
            <InfoForm key={q.dataUpdatedAt} user={q.data} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordForm />
        </Tabs.Panel>
      </Tabs>
    </Card>
  )
}
