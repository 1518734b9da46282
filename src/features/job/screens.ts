// Scheduled jobs: job info with its enable switch, run now, trigger preview and instances. Job
// servers are the generic list of their declaration.
export const screens = {
  '/job/jobinfo': () => import('./job-info-screen'),
}
