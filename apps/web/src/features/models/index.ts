/** The models feature's public surface: the model list and the instance defaults admins edit. */
export { useModels } from './api/get-models';
export { instanceDefaultsKey, useInstanceDefaults } from './api/instance-defaults';
