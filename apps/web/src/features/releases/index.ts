/** The releases feature's public surface (the admin dashboard's Updates tab). */
export { UpdatesTab } from './components/updates-tab';
