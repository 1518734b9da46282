// Scheduled jobs: job info with its enable switch, run now, trigger preview and instances; job
// servers with their sync.
export const screens = {
  '/job/jobinfo': () => import('./job-info-screen'),
  '/job/jobserver': () => import('./job-server-screen'),
}
