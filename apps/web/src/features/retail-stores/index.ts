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
export { ALL_STORES, type StockStoreChoice, StockStoreSelect, useStockStore } from './stock-store';
export { StoreFilter, useReadableStores } from './store-filter';
export { StoresPanel } from './stores-panel';
export { UserStoresSelect } from './user-stores-select';
