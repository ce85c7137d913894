/** The documentation-maintenance feature's public surface (the admin dashboard's Documentation tab). */
export { DocumentationTab } from './components/documentation-tab';
