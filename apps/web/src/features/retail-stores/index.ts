export {
  STORES_PATH,
  useSetUserStores,
  useSeveralStores,
  useStores,
  useTerminalStore,
  useTillStore,
  useUserStores,
} from './api';
export { StoresPanel } from './stores-panel';
export { UserStoresSelect } from './user-stores-select';
