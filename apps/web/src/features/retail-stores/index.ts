export {
  STORES_PATH,
  useMyStores,
  useSetUserStores,
  useSeveralStores,
  useStores,
  useTerminalStore,
  useTillStore,
  useUserStores,
} from './api';
export { ProductStoresSection } from './product-stores-section';
export { StoreFilter, useReadableStores } from './store-filter';
export { StoresPanel } from './stores-panel';
export { UserStoresSelect } from './user-stores-select';
