// Camera scanning with the browser's BarcodeDetector. Where the browser has none, the button is not
// shown (the keyboard-wedge scanner and typing still work).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Modal, Text } from '@mantine/core'
import { IconCamera } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { logger } from '@/api/logger'

interface DetectedBarcode {
  rawValue: string
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>
}
type DetectorCtor = new () => BarcodeDetectorLike

const detectorCtor = (): DetectorCtor | undefined =>
  (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector

const hasBarcodeDetector = () => !!detectorCtor() && !!navigator.mediaDevices?.getUserMedia

export function CameraScanButton({ onScan }: { onScan: (code: string) => void }) {
  const [opened, setOpened] = useState(false)
  if (!hasBarcodeDetector()) return null
  return (
    <>
      <Button
        size="xl"
        variant="light"
        leftSection={<IconCamera />}
        onClick={() => setOpened(true)}
      >
        <Trans>扫码</Trans>
      </Button>
      {opened && (
        <CameraDialog
          onClose={() => setOpened(false)}
          onScan={(code) => {
            setOpened(false)
            onScan(code)
          }}
        />
      )}
    </>
  )
}

function CameraDialog({
  onClose,
  onScan,
}: {
  onClose: () => void
  onScan: (code: string) => void
}) {
  const { t } = useLingui()
  const video = useRef<HTMLVideoElement>(null)
  const [error, setError] = useState<string | null>(null)
  // The latest handler, without restarting the camera when the parent renders.
  const handler = useRef(onScan)
  useEffect(() => {
    handler.current = onScan
  }, [onScan])
  useEffect(() => {
    const Detector = detectorCtor()
    if (!Detector) return
    let stream: MediaStream | null = null
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const detector = new Detector()
    const tick = async () => {
      if (stopped || !video.current) return
      try {
        const [hit] = video.current.readyState >= 2 ? await detector.detect(video.current) : []
        if (hit?.rawValue && !stopped) return handler.current(hit.rawValue.trim())
      } catch (err) {
        logger.warn('barcode-detect', err)
      }
      timer = setTimeout(() => void tick(), 200)
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s
        if (stopped || !video.current) return
        video.current.srcObject = s
        await video.current.play()
        void tick()
      })
      .catch((err: unknown) => {
        logger.warn('camera', err)
        setError(t`无法打开摄像头`)
      })
    return () => {
      stopped = true
      clearTimeout(timer)
      stream?.getTracks().forEach((tr) => tr.stop())
    }
  }, [t])
  return (
    <Modal opened onClose={onClose} title={t`扫码`} size="lg" centered>
      {error ? (
        <Text c="red">{error}</Text>
      ) : (
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />
      )}
    </Modal>
  )
}
