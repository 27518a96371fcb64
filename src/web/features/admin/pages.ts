/** The admin screens, one lazily loaded chunk (app.tsx): /master and /admin. */
export { AdminPage } from './admin-page'
export { MasterPage } from './master-page'
