export { egressRoutes } from './egress.routes';
export { EgressService } from './egress.service';
export { allDestinations } from './destinations';
