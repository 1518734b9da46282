import { oss } from '@/domain/resource/oss'
import { ConfigScreen } from './config-screen'

export default function OssScreen() {
  return <ConfigScreen def={oss} />
}
