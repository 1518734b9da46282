import { createTheme } from '@mantine/core'

// Cards use the default corner radius 10 (spec §9); the primary colour is set at run time from
// the colour picker (default #409EFF).
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  radius: { md: '10px' },
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", Roboto, sans-serif',
})
