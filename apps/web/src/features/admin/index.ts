/** The admin feature's public surface. */
export { AdminDashboard } from './components/admin-dashboard';
