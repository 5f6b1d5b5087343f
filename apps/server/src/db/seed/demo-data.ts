import type { Role } from '@retail-hub/shared';
import type { AssetType } from '../schema/enums';

/**
 * The fixed content of the demo store: people, departments, catalogue. Prices are integer cents.
 * spec §9 Size option prices fix the Coffee and Mocktails size names, prices and sort orders.
 */

export type DemoUser = {
  key: string;
  role: Role;
  pin: string;
  firstName: string;
  lastName: string;
  email: string;
  department: string;
};

/** One user per role and a second cashier. Names and PINs match the README's Demo PINs table. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    key: 'admin',
    role: 'super_admin',
    pin: '7391',
    firstName: 'Sam',
    lastName: 'Admin',
    email: 'sam.admin@retailhub.example',
    department: 'IT',
  },
  {
    key: 'manager',
    role: 'manager',
    pin: '4826',
    firstName: 'Morgan',
    lastName: 'Manager',
    email: 'morgan.manager@retailhub.example',
    department: 'Front of House',
  },
  {
    key: 'deptManager',
    role: 'department_manager',
    pin: '5174',
    firstName: 'Dana',
    lastName: 'Department',
    email: 'dana.department@retailhub.example',
    department: 'Engineering',
  },
  {
    key: 'procurement',
    role: 'procurement_admin',
    pin: '6048',
    firstName: 'Priya',
    lastName: 'Procurement',
    email: 'priya.procurement@retailhub.example',
    department: 'Procurement',
  },
  {
    key: 'cashier1',
    role: 'cashier',
    pin: '2915',
    firstName: 'Casey',
    lastName: 'Cashier',
    email: 'casey.cashier@retailhub.example',
    department: 'Front of House',
  },
  {
    key: 'cashier2',
    role: 'cashier',
    pin: '3862',
    firstName: 'Chris',
    lastName: 'Cashier',
    email: 'chris.cashier@retailhub.example',
    department: 'Front of House',
  },
];

export type DemoUserKey = (typeof DEMO_USERS)[number]['key'];

/**
 * The departments (one table, ADR 0027), shown on /departments and /procurement-departments:
 * `key` is what the catalogue below names, `manager` a DemoUser key, `parent` another key; one
 * archived, one a child of Engineering.
 */
export const DEMO_DEPARTMENTS = [
  {
    key: 'foh',
    code: 'FOH',
    name: 'Front of House',
    description: 'Café counter and retail floor',
    manager: 'manager',
    building: 'Main',
    parent: null,
    archived: false,
  },
  {
    key: 'eng',
    code: 'ENG',
    name: 'Engineering',
    description: 'Engineering faculty and workshop: tools and building materials',
    manager: 'deptManager',
    building: 'Workshop',
    parent: null,
    archived: false,
  },
  {
    key: 'fin',
    code: 'FIN',
    name: 'Finance',
    description: 'Budgets, payables and audit',
    manager: null,
    building: null,
    parent: null,
    archived: false,
  },
  {
    key: 'ops',
    code: 'OPS',
    name: 'Operations',
    description: 'Facilities, stores and logistics',
    manager: null,
    building: null,
    parent: null,
    archived: false,
  },
  {
    key: 'sci',
    code: 'SCI',
    name: 'Science',
    description: 'Laboratories, teaching equipment and field studies',
    manager: 'procurement',
    building: 'Science',
    parent: null,
    archived: false,
  },
  {
    key: 'admin',
    code: 'ADM',
    name: 'Administration',
    description: 'Front office and records',
    manager: null,
    building: 'Main',
    parent: null,
    archived: false,
  },
  {
    key: 'mech',
    code: 'ENG-MECH',
    name: 'Mechanical Workshop',
    description: 'Machining and fabrication',
    manager: null,
    building: 'Workshop',
    parent: 'eng',
    archived: false,
  },
  {
    key: 'legacy',
    code: 'LEG',
    name: 'Legacy Stores',
    description: 'Closed store room, kept for history',
    manager: null,
    building: null,
    parent: null,
    archived: true,
  },
] as const;

export type DemoDepartmentKey = (typeof DEMO_DEPARTMENTS)[number]['key'];

export const DEMO_PROC_LOCATIONS = [
  { code: 'MAIN-STORE', name: 'Main Store Room', department: 'OPS' },
  { code: 'SCI-LAB-1', name: 'Science Lab 1', department: 'SCI' },
  { code: 'ENG-WS', name: 'Engineering Workshop', department: 'ENG' },
] as const;

export type DemoCategory = {
  key: string;
  name: string;
  description: string;
  department: string | null;
  isInstitutional: boolean;
};

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    key: 'coffee',
    name: 'Coffee',
    description: 'Espresso drinks made to order',
    department: null,
    isInstitutional: false,
  },
  {
    key: 'mocktails',
    name: 'Mocktails',
    description: 'Alcohol-free mixed drinks',
    department: null,
    isInstitutional: false,
  },
  { key: 'bakery', name: 'Bakery', description: 'Baked fresh every morning', department: null, isInstitutional: false },
  { key: 'snacks', name: 'Snacks', description: 'Packaged snacks', department: null, isInstitutional: false },
  {
    key: 'drinks',
    name: 'Drinks',
    description: 'Cold bottled and canned drinks',
    department: null,
    isInstitutional: false,
  },
  {
    key: 'stationery',
    name: 'Stationery',
    description: 'Paper, pens and office basics',
    department: null,
    isInstitutional: false,
  },
  {
    key: 'workshop',
    name: 'Workshop Tools & Materials',
    description: 'Institutional tools and building materials',
    department: 'Engineering',
    isInstitutional: true,
  },
  {
    key: 'lab',
    name: 'Lab & AV Equipment',
    description: 'Institutional laboratory and audio-visual equipment',
    department: 'Science',
    isInstitutional: true,
  },
];

/** spec §9 Size option prices: name, price (cents), sort order. */
export const COFFEE_SIZES = [
  { name: 'Dine In Small Cup', priceCents: 300, sortOrder: 0 },
  { name: 'Dine In Big Cup', priceCents: 400, sortOrder: 1 },
  { name: 'Takeaway Small Cup', priceCents: 350, sortOrder: 2 },
  { name: 'Takeaway Big Cup', priceCents: 450, sortOrder: 3 },
] as const;

/** Issue #35 item 1: the café's modifier groups, attached to the Coffee category. */
export const DEMO_MODIFIER_GROUPS = [
  {
    name: 'Milk',
    category: 'coffee',
    minChoices: 0,
    maxChoices: 1,
    options: [
      { name: 'Whole', priceCents: 0 },
      { name: 'Skim', priceCents: 0 },
      { name: 'Oat', priceCents: 60 },
      { name: 'Soy', priceCents: 60 },
    ],
  },
  {
    name: 'Extras',
    category: 'coffee',
    minChoices: 0,
    maxChoices: 3,
    options: [
      { name: 'Extra shot', priceCents: 80 },
      { name: 'Syrup', priceCents: 50 },
      { name: 'Decaf', priceCents: 0 },
    ],
  },
] as const;

export const MOCKTAIL_SIZES = [
  { name: 'Small Plastic Cup', priceCents: 300, sortOrder: 0 },
  { name: 'Big Plastic Cup', priceCents: 400, sortOrder: 1 },
  { name: 'Glasses', priceCents: 400, sortOrder: 2 },
] as const;

export type DemoProduct = {
  name: string;
  sku: string;
  category: string;
  priceCents: number;
  stock: number;
  lowStockThreshold?: number;
  description?: string;
  sizes?: readonly { name: string; priceCents: number; sortOrder: number }[];
  /** Stock per size option, in the order of `sizes`. */
  sizeStock?: readonly number[];
  assetType?: AssetType;
  location?: string;
  isCheckoutRequired?: boolean;
  department?: DemoDepartmentKey;
  /** Relative popularity at the till (0 = never sold). */
  popularity: number;
};

/**
 * ~40 products. Several are low (stock at or below the threshold) or out of stock (0) so the
 * dashboards' alerts have something to show; the institutional ones carry asset fields.
 */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // Coffee: size options with the spec prices; the product price is the smallest size.
  {
    name: 'Cappuccino',
    sku: 'COF-CAPP-01',
    category: 'coffee',
    priceCents: 300,
    stock: 0,
    sizes: COFFEE_SIZES,
    sizeStock: [60, 45, 80, 70],
    popularity: 10,
    description: 'Espresso, steamed milk and a thick foam cap',
  },
  {
    name: 'Latte',
    sku: 'COF-LATT-01',
    category: 'coffee',
    priceCents: 300,
    stock: 0,
    sizes: COFFEE_SIZES,
    sizeStock: [55, 50, 75, 65],
    popularity: 10,
    description: 'Espresso with silky steamed milk',
  },
  {
    name: 'Flat White',
    sku: 'COF-FLAT-01',
    category: 'coffee',
    priceCents: 300,
    stock: 0,
    sizes: COFFEE_SIZES,
    sizeStock: [40, 35, 50, 45],
    popularity: 7,
    description: 'Double ristretto with microfoam',
  },
  {
    name: 'Long Black',
    sku: 'COF-LBLK-01',
    category: 'coffee',
    priceCents: 300,
    stock: 0,
    sizes: COFFEE_SIZES,
    sizeStock: [30, 25, 45, 40],
    popularity: 5,
    description: 'Double espresso over hot water',
  },
  {
    name: 'Mocha',
    sku: 'COF-MOCH-01',
    category: 'coffee',
    priceCents: 300,
    stock: 0,
    sizes: COFFEE_SIZES,
    sizeStock: [20, 15, 25, 0],
    popularity: 4,
    description: 'Espresso, chocolate and steamed milk',
  },
  // Mocktails.
  {
    name: 'Virgin Mojito',
    sku: 'MCK-MOJI-01',
    category: 'mocktails',
    priceCents: 300,
    stock: 0,
    sizes: MOCKTAIL_SIZES,
    sizeStock: [30, 25, 12],
    popularity: 4,
    description: 'Lime, mint and soda',
  },
  {
    name: 'Berry Blast',
    sku: 'MCK-BERR-01',
    category: 'mocktails',
    priceCents: 300,
    stock: 0,
    sizes: MOCKTAIL_SIZES,
    sizeStock: [25, 20, 10],
    popularity: 3,
    description: 'Mixed berries, apple and sparkling water',
  },
  {
    name: 'Tropical Sunrise',
    sku: 'MCK-TROP-01',
    category: 'mocktails',
    priceCents: 300,
    stock: 0,
    sizes: MOCKTAIL_SIZES,
    sizeStock: [20, 0, 8],
    popularity: 2,
    description: 'Orange, pineapple and grenadine',
  },
  // Bakery.
  {
    name: 'Butter Croissant',
    sku: 'BAK-CROI-01',
    category: 'bakery',
    priceCents: 350,
    stock: 6,
    popularity: 6,
    description: 'Flaky all-butter croissant',
  },
  { name: 'Almond Croissant', sku: 'BAK-ALMO-01', category: 'bakery', priceCents: 480, stock: 12, popularity: 3 },
  { name: 'Blueberry Muffin', sku: 'BAK-MUFF-01', category: 'bakery', priceCents: 400, stock: 24, popularity: 5 },
  {
    name: 'Banana Bread',
    sku: 'BAK-BANA-01',
    category: 'bakery',
    priceCents: 450,
    stock: 0,
    popularity: 4,
    description: 'Served toasted with butter',
  },
  { name: 'Cinnamon Scroll', sku: 'BAK-CINN-01', category: 'bakery', priceCents: 420, stock: 15, popularity: 3 },
  {
    name: 'Sourdough Loaf',
    sku: 'BAK-SOUR-01',
    category: 'bakery',
    priceCents: 800,
    stock: 3,
    lowStockThreshold: 5,
    popularity: 2,
  },
  // Snacks.
  { name: 'Sea Salt Chips', sku: 'SNK-CHIP-01', category: 'snacks', priceCents: 250, stock: 60, popularity: 4 },
  { name: 'Granola Bar', sku: 'SNK-GRAN-01', category: 'snacks', priceCents: 200, stock: 45, popularity: 4 },
  { name: 'Dark Chocolate Bar', sku: 'SNK-CHOC-01', category: 'snacks', priceCents: 220, stock: 8, popularity: 3 },
  { name: 'Trail Mix', sku: 'SNK-TRAI-01', category: 'snacks', priceCents: 380, stock: 30, popularity: 2 },
  { name: 'Butter Popcorn', sku: 'SNK-POPC-01', category: 'snacks', priceCents: 280, stock: 0, popularity: 2 },
  { name: 'Protein Balls', sku: 'SNK-PROT-01', category: 'snacks', priceCents: 350, stock: 18, popularity: 2 },
  // Drinks.
  {
    name: 'Spring Water 600ml',
    sku: 'DRK-WATR-01',
    category: 'drinks',
    priceCents: 200,
    stock: 120,
    lowStockThreshold: 24,
    popularity: 6,
  },
  { name: 'Orange Juice', sku: 'DRK-ORAN-01', category: 'drinks', priceCents: 350, stock: 36, popularity: 4 },
  { name: 'Cola Can', sku: 'DRK-COLA-01', category: 'drinks', priceCents: 250, stock: 48, popularity: 4 },
  { name: 'Iced Tea', sku: 'DRK-ITEA-01', category: 'drinks', priceCents: 300, stock: 10, popularity: 3 },
  { name: 'Sparkling Water', sku: 'DRK-SPRK-01', category: 'drinks', priceCents: 250, stock: 40, popularity: 2 },
  { name: 'Kombucha', sku: 'DRK-KOMB-01', category: 'drinks', priceCents: 450, stock: 0, popularity: 2 },
  // Stationery.
  { name: 'A5 Notebook', sku: 'STA-NOTE-01', category: 'stationery', priceCents: 450, stock: 25, popularity: 2 },
  {
    name: 'Ballpoint Pen',
    sku: 'STA-PEN-01',
    category: 'stationery',
    priceCents: 120,
    stock: 200,
    lowStockThreshold: 50,
    popularity: 3,
  },
  { name: 'Highlighter', sku: 'STA-HIGH-01', category: 'stationery', priceCents: 180, stock: 0, popularity: 1 },
  { name: 'Sticky Notes', sku: 'STA-STIC-01', category: 'stationery', priceCents: 290, stock: 4, popularity: 1 },
  {
    name: 'Stapler',
    sku: 'STA-STAP-01',
    category: 'stationery',
    priceCents: 1200,
    stock: 7,
    lowStockThreshold: 5,
    popularity: 1,
  },
  // Institutional assets (not sold at the till).
  {
    name: 'Cordless Drill',
    sku: 'AST-DRIL-01',
    category: 'workshop',
    priceCents: 18900,
    stock: 4,
    lowStockThreshold: 2,
    assetType: 'tool',
    location: 'Workshop-1-104',
    isCheckoutRequired: true,
    department: 'eng',
    popularity: 0,
    description: '18V drill driver with two batteries',
  },
  {
    name: 'Torque Wrench',
    sku: 'AST-TORQ-01',
    category: 'workshop',
    priceCents: 12900,
    stock: 2,
    lowStockThreshold: 2,
    assetType: 'tool',
    location: 'Workshop-1-104',
    isCheckoutRequired: true,
    department: 'eng',
    popularity: 0,
  },
  {
    name: 'Soldering Station',
    sku: 'AST-SOLD-01',
    category: 'workshop',
    priceCents: 9500,
    stock: 3,
    lowStockThreshold: 1,
    assetType: 'tool',
    location: 'Workshop-2-201',
    isCheckoutRequired: true,
    department: 'eng',
    popularity: 0,
  },
  {
    name: 'Copper Wire 50m Spool',
    sku: 'AST-WIRE-01',
    category: 'workshop',
    priceCents: 6450,
    stock: 12,
    lowStockThreshold: 5,
    assetType: 'material',
    location: 'Workshop-1-102',
    department: 'eng',
    popularity: 0,
  },
  {
    name: 'Pine Timber 2.4m',
    sku: 'AST-TIMB-01',
    category: 'workshop',
    priceCents: 1890,
    stock: 40,
    lowStockThreshold: 20,
    assetType: 'material',
    location: 'Workshop-1-102',
    department: 'eng',
    popularity: 0,
  },
  {
    name: 'Digital Multimeter',
    sku: 'AST-MULT-01',
    category: 'lab',
    priceCents: 7900,
    stock: 6,
    lowStockThreshold: 2,
    assetType: 'equipment',
    location: 'Science-1-110',
    isCheckoutRequired: true,
    department: 'sci',
    popularity: 0,
  },
  {
    name: 'Portable Projector',
    sku: 'AST-PROJ-01',
    category: 'lab',
    priceCents: 64900,
    stock: 2,
    lowStockThreshold: 1,
    assetType: 'equipment',
    location: 'Main-2-205',
    isCheckoutRequired: true,
    department: 'admin',
    popularity: 0,
  },
  {
    name: 'Laptop 14-inch',
    sku: 'AST-LAPT-01',
    category: 'lab',
    priceCents: 119900,
    stock: 5,
    lowStockThreshold: 2,
    assetType: 'equipment',
    location: 'Main-2-205',
    isCheckoutRequired: true,
    department: 'admin',
    popularity: 0,
  },
  {
    name: 'Safety Goggles',
    sku: 'AST-GOGG-01',
    category: 'lab',
    priceCents: 990,
    stock: 2,
    lowStockThreshold: 5,
    assetType: 'consumable',
    location: 'Science-1-110',
    department: 'sci',
    popularity: 0,
  },
  {
    name: 'Nitrile Gloves (Box of 100)',
    sku: 'AST-GLOV-01',
    category: 'lab',
    priceCents: 1450,
    stock: 0,
    lowStockThreshold: 5,
    assetType: 'consumable',
    location: 'Science-1-110',
    department: 'sci',
    popularity: 0,
  },
];

/** Expense examples per category: description, vendor, amount range in cents. */
export const DEMO_EXPENSES = [
  { category: 'office_supplies', description: 'Printer paper and toner', vendor: 'OfficeWorks', min: 2500, max: 12000 },
  { category: 'office_supplies', description: 'Receipt rolls', vendor: 'POS Supplies Co', min: 1800, max: 4500 },
  { category: 'maintenance', description: 'Espresso machine service', vendor: 'Barista Tech', min: 9000, max: 28000 },
  { category: 'maintenance', description: 'Fridge seal replacement', vendor: 'CoolFix', min: 6000, max: 15000 },
  { category: 'utilities', description: 'Electricity bill', vendor: 'City Power', min: 18000, max: 42000 },
  { category: 'utilities', description: 'Internet service', vendor: 'FastNet', min: 7900, max: 7900 },
  { category: 'food_beverage', description: 'Milk delivery', vendor: 'Valley Dairy', min: 4000, max: 9500 },
  { category: 'food_beverage', description: 'Coffee beans', vendor: 'Roast Republic', min: 12000, max: 30000 },
  { category: 'transport', description: 'Delivery van fuel', vendor: 'Fuel Stop', min: 3500, max: 9000 },
  { category: 'other', description: 'Cleaning supplies', vendor: 'Clean Co', min: 1500, max: 6000 },
] as const;
