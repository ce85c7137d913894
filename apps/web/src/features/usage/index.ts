/** The usage feature's public surface (issue 19): the Settings card and the admin tab. */
export { MyUsageCard } from './components/my-usage-card';
export { UsageAdminTab } from './components/usage-admin-tab';
