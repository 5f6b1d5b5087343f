/**
 * Deterministic catalogue data for the search benchmark: 100,000 product names, SKUs and
 * descriptions drawn from a store-and-institution vocabulary, and ~200 search terms of the kinds
 * staff type. The vocabulary is sized so a product-type word matches a few hundred products, a
 * brand a few hundred, a common adjective or description word one to three thousand: a
 * repetitive catalogue (a real 100k one has more distinct words), so searches are broad.
 */

/** mulberry32: small, fast, seeded, so every run searches the same catalogue. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const words = (text: string) => text.trim().split(/\s+/);
const phrases = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const SYLLABLES = words('ka lo ven tra mi dor sel qua bri zen ro fa nu tek vo lin ar es ox um pel gri sa to ber nik');

/** 30 named brands and 270 generated ones ("Kaloven", "Trasel"): brands are many and distinct. */
export const BRANDS: readonly string[] = (() => {
  const named = words(
    'Acme Bellwether Cobalt Dunmore Evergreen Fairleigh Granite Harbor Ironbark Juniper Kestrel Larkspur Meridian ' +
      'Northwind Oakridge Pinnacle Quarry Redwood Summit Tidewater Umber Valley Westbrook Yarrow Zephyr Alder ' +
      'Brightwater Copperleaf Driftwood Emberly',
  );
  const random = seeded(3);
  const generated = new Set<string>();
  while (generated.size < 270) {
    const length = 2 + Math.floor(random() * 2);
    const name = Array.from({ length }, () => pick(random, SYLLABLES)).join('');
    generated.add(name[0]?.toUpperCase() + name.slice(1));
  }
  return [...named, ...[...generated].filter((b) => !named.includes(b))];
})();

export const ADJECTIVES = phrases(
  'Organic, Classic, Spiced, Roasted, Smoked, Fresh, Premium, Heavy Duty, Compact, Cordless, Wholegrain, ' +
    'Gluten Free, Sparkling, Iced, Vanilla, Caramel, Hazelnut, Dark, Golden, Rustic, Stainless, Insulated, Reusable, ' +
    'Recycled, Digital, Precision, Industrial, Portable, Ergonomic, Waterproof, Lightweight, Double, Mini, Deluxe, ' +
    'Everyday, Artisan, Vegan, Toasted, Salted, Honeyed, Unsalted, Wireless, Magnetic, Adjustable, Folding, Padded, ' +
    'Extra Strong, Slimline, Rechargeable, Anti Slip, Heatproof, Fine Tip, Broad Tip, Acid Free, Ruled, Blank, ' +
    'Graph, Spiral, Hardcover, Softcover, Matte, Gloss, Clear, Tinted, Coloured, Neon, Pastel, Metallic, Chunky, ' +
    'Smooth, Crunchy, Lemon, Mint, Berry, Cocoa, Ginger, Maple, Chilli',
);

export const NOUNS = phrases(
  'Latte, Espresso, Cappuccino, Mocha, Flat White, Croissant, Sourdough, Bagel, Muffin, Granola, Oat Milk, ' +
    'Almond Butter, Honey, Green Tea, Chai, Lemonade, Kombucha, Brownie, Scone, Focaccia, Flapjack, Smoothie, ' +
    'Cookie, Doughnut, Pretzel, Crackers, Rice Cakes, Trail Mix, Protein Bar, Yoghurt, Cheddar, Hummus, Salsa, ' +
    'Olive Oil, Vinegar, Pasta, Noodles, Rice, Lentils, Chickpeas, Soup, Jam, Marmalade, Peanut Butter, Cereal, ' +
    'Hot Chocolate, Iced Tea, Cold Brew, Sparkling Water, Juice, Cola, Ginger Beer, Energy Drink, ' +
    'Hammer, Screwdriver, Drill, Wrench, Pliers, Tape Measure, Safety Goggles, Work Gloves, Spirit Level, Hacksaw, ' +
    'Chisel, Mallet, Crowbar, Utility Knife, Stud Finder, Sander, Jigsaw, Circular Saw, Angle Grinder, Heat Gun, ' +
    'Glue Gun, Staple Gun, Clamp, Vice, Socket Set, Allen Keys, Drill Bits, Screws, Nails, Anchors, Hinges, ' +
    'Notebook, Marker, Stapler, Printer Paper, Envelope, Whiteboard, Highlighter, Binder, Pencil, Eraser, ' +
    'Sharpener, Fountain Pen, Ballpoint Pen, Sticky Notes, Index Cards, Folder, Clipboard, Hole Punch, ' +
    'Paper Clips, Rubber Bands, Label Maker, Laminator, Shredder, Desk Organiser, Filing Cabinet, ' +
    'Beaker, Microscope, Pipette, Soldering Iron, Multimeter, Oscilloscope, Bunsen Burner, Petri Dish, ' +
    'Test Tubes, Flask, Funnel, Lab Coat, Thermometer, Scales, Magnifier, Prism, Magnet Set, Circuit Kit, ' +
    'Extension Cord, Ladder, Paint Brush, Canvas, Sketchbook, Clay, Easel, Palette, Watercolours, Acrylics, ' +
    'Charcoal, Pastels, Crayons, Projector, Laptop Stand, Headphones, Webcam, Keyboard, Mouse, Router, Monitor, ' +
    'USB Drive, Power Bank, Charger, HDMI Cable, Speaker, Microphone, Tablet Case, ' +
    'Cable Ties, Duct Tape, Sandpaper, Wood Glue, Mop, Bucket, Hand Soap, Disinfectant, Paper Towels, Bin Liners, ' +
    'Sponges, Broom, Dustpan, Gloves, Detergent, Bleach, Air Freshener, ' +
    'First Aid Kit, Torch, Batteries, Padlock, Fire Blanket, Hi Vis Vest, Hard Hat, Ear Plugs, Face Masks, ' +
    'Calculator, Globe, Chalk, Glue Stick, Scissors, Ruler, Protractor, Compass, Stopwatch, Whistle, Cones, ' +
    'Football, Basketball, Netball, Skipping Rope, Yoga Mat, Dumbbells, Water Bottle, Lunch Box, Backpack',
);

export const SIZES = words('250ml 500ml 1L 2L Small Medium Large 6-pack 12-pack 100g 500g 1kg');

/** Descriptive words, no stop words. */
export const DESCRIPTION_WORDS = words(
  'durable reliable versatile handcrafted sustainable locally sourced fairtrade biodegradable rechargeable ' +
    'adjustable lightweight heavyweight professional beginner classroom laboratory workshop kitchen office warehouse ' +
    'outdoor indoor aromatic creamy nutty fruity citrus floral smoky buttery crunchy chewy flaky tangy zesty mellow ' +
    'robust delicate textured polished brushed anodised galvanised tempered reinforced padded cushioned ventilated ' +
    'breathable washable dishwasher microwave freezer compostable refillable stackable foldable collapsible modular ' +
    'magnetic wireless bluetooth ergonomic antislip shatterproof scratchproof weatherproof fireproof childsafe ' +
    'certified calibrated graduated sterile disposable single-use multipurpose heavy-duty low-sugar high-protein ' +
    'wholefood seasonal limited edition bestseller imported domestic artisanal traditional contemporary vintage ' +
    'minimalist colourful matte glossy transparent opaque insulated thermal cooling heating portable compact spacious ' +
    'generous precise accurate quick efficient quiet powerful gentle sturdy flexible rigid waterproof resealable ' +
    'ethical organic award-winning barista roastery almond cashew macadamia walnut pistachio sesame sunflower ' +
    'pumpkin linseed quinoa buckwheat spelt barley rye wheat maize cassava coconut mango papaya passionfruit ' +
    'raspberry blueberry strawberry cherry apricot peach plum fig date raisin sultana cranberry pomegranate lime ' +
    'grapefruit mandarin tangerine rosemary thyme oregano basil parsley coriander cumin turmeric paprika cinnamon ' +
    'nutmeg clove cardamom saffron vanilla-bean molasses treacle agave stevia steel aluminium titanium copper brass ' +
    'bronze nickel chrome carbon fibreglass bamboo oak pine birch maple walnut-veneer beech ash cedar teak cork ' +
    'leather canvas denim cotton linen wool silk nylon polyester acrylic silicone rubber latex neoprene ceramic ' +
    'porcelain stoneware glass crystal enamel lacquer varnish resin epoxy graphite charcoal chalkboard cork-backed ' +
    'felt-lined velcro zippered buckled hinged lockable hanging wall-mounted freestanding desktop handheld cordless ' +
    'corded battery-powered solar mains usb-c lithium alkaline halogen led fluorescent incandescent dimmable ' +
    'programmable digital analogue manual automatic semi-automatic pressurised vacuum-sealed airtight watertight ' +
    'odourless fragrance-free hypoallergenic dermatologically tested vegan-friendly kosher halal nut-free dairy-free ' +
    'egg-free soy-free preservative-free additive-free unbleached recycled-content plastic-free carbon-neutral',
);

export type BenchProduct = {
  name: string;
  description: string | null;
  price: string;
  sku: string;
  categoryIndex: number;
  stock: number;
  lowStockThreshold: number;
  assetType: 'regular' | 'tool' | 'material' | 'equipment' | 'consumable';
};

export const CATEGORY_NAMES = phrases(
  'Coffee, Tea, Bakery, Snacks, Cold Drinks, Mocktails, Hand Tools, Power Tools, Stationery, Art Supplies, ' +
    'Lab Equipment, Electronics, Cleaning, Safety, Furniture, Textbooks, Sports, Garden, Hardware, Pantry',
);

const ASSET_TYPES = ['regular', 'regular', 'regular', 'tool', 'material', 'equipment', 'consumable'] as const;

/** Product number `i` (0-based) of the benchmark catalogue; pass `seeded(i + 1)` for the same product every run. */
export function benchProduct(i: number, random: () => number): BenchProduct {
  const brand = pick(random, BRANDS);
  const adjective = pick(random, ADJECTIVES);
  const noun = pick(random, NOUNS);
  const size = pick(random, SIZES);
  const count = 6 + Math.floor(random() * 7);
  const description =
    random() < 0.7 ? Array.from({ length: count }, () => pick(random, DESCRIPTION_WORDS)).join(' ') : null;
  const cents = 50 + Math.floor(random() * 25_000);
  return {
    name: `${brand} ${adjective} ${noun} ${size}`,
    description,
    price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    sku: `${noun.replace(/\W/g, '').slice(0, 3).toUpperCase()}-${brand.slice(0, 2).toUpperCase()}-${String(i).padStart(6, '0')}`,
    categoryIndex: Math.floor(random() * CATEGORY_NAMES.length),
    stock: Math.floor(random() * 200),
    lowStockThreshold: 10,
    assetType: pick(random, ASSET_TYPES),
  };
}

export type SearchTerm = { term: string; kind: string };

/**
 * ~200 varied terms of the kinds staff type: whole words of names (any letter case), the first
 * 4-6 letters of a word (search-as-you-type after the 300 ms debounce), SKUs (typed or scanned,
 * whole or in part), description words, two-word phrases, and terms that match nothing.
 */
export function searchTerms(productCount: number, seed = 7): SearchTerm[] {
  const random = seeded(seed);
  const terms: SearchTerm[] = [];
  const add = (kind: string, term: string) => terms.push({ kind, term });
  const nameWords = [...NOUNS, ...BRANDS, ...ADJECTIVES];
  const prefix = (word: string, min: number, max: number) => {
    const clean = word.split(' ')[0]?.replace(/[^A-Za-z]/g, '') ?? '';
    return clean.slice(0, Math.min(clean.length, min + Math.floor(random() * (max - min + 1))));
  };
  const caseVariant = (word: string) =>
    random() < 0.5 ? word.toLowerCase() : random() < 0.5 ? word.toUpperCase() : word;
  for (let i = 0; i < 50; i++) add('name word', caseVariant(pick(random, nameWords)));
  for (let i = 0; i < 40; i++) add('word prefix', prefix(pick(random, nameWords), 4, 6).toLowerCase());
  for (let i = 0; i < 30; i++) {
    const n = Math.floor(random() * productCount);
    const sku = benchProduct(n, seeded(n + 1)).sku;
    add('sku', i % 3 === 0 ? sku : i % 3 === 1 ? sku.slice(0, 6).toLowerCase() : sku.slice(-5));
  }
  for (let i = 0; i < 30; i++) add('description word', pick(random, DESCRIPTION_WORDS));
  for (let i = 0; i < 25; i++) add('phrase', `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`.toLowerCase());
  const misses = words('qzxv flumbrix zzz-999 xylophone unobtainium kwyjibo blorft');
  for (let i = 0; i < 25; i++) add('no match', `${pick(random, misses)}${i < misses.length ? '' : i}`);
  return terms;
}

/**
 * Reported apart, not part of the target: inputs the trigram indexes cannot narrow much. 3-letter
 * prefixes match up to a fifth of the catalogue ("lat" is in latte, chocolate, insulated...);
 * 1-2 characters and lone punctuation give no trigram at all, so every product is examined.
 */
export function broadTerms(seed = 11): SearchTerm[] {
  const random = seeded(seed);
  const terms: SearchTerm[] = [];
  for (let i = 0; i < 12; i++) {
    terms.push({ kind: '3-letter prefix', term: (pick(random, NOUNS).split(' ')[0] ?? '').slice(0, 3).toLowerCase() });
  }
  for (const term of ['a', 'e', 'la', 'dr', 'mu', 'ch', '1l', '%', '_']) terms.push({ kind: '1-2 characters', term });
  return terms;
}
