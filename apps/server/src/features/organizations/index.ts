/** The organisations feature's public surface: what other features may use (ARCHITECTURE.md). */
export { GroupRepository } from './group.repository';
export { GroupShareRepository, visibleToUser } from './group-share.repository';
export { GroupShareService } from './group-share.service';
export { GroupService } from './group.service';
export { OrganizationRepository } from './organization.repository';
export { OrganizationService } from './organization.service';
