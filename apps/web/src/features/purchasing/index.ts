/** The purchasing feature's public entry (docs/architecture.md, Boundaries). */

export { useLookups } from './api/purchasing';
export { DepartmentSelect, NoDepartmentAlert, useDepartmentChoice } from './components/department-choice';
export { ItemPicker, type PickedItem } from './components/item-picker';
export { PurchasingCards } from './components/purchasing-cards';
