import { Badge, Box, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { formatMoney, PRODUCT_LIST_MAX_LIMIT, parseCents, type SessionUser, type SizeOption } from '@retail-hub/shared';
import { IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { CATEGORIES_REFETCH_MS, productPageQueryOptions, useCategories } from '@/features/catalog';
import { notifyError } from '@/lib/notify';
import { useCurrentShift } from '../api/get-current-shift';
import { type CartItem, cartItemCount, cartReducer, emptyCart } from '../cart/cart-reducer';
import { useCheckout } from '../hooks/use-checkout';
import { useRepriceFromServer } from '../hooks/use-reprice-from-server';
import { useScannerKeystrokes, useSkuSubmit } from '../hooks/use-scanner';
import { buildSaleRequest, emptyPayment, type PaymentInput, summarizePayment } from '../payment/payment';
import { ShiftBar } from '../shift/shift-bar';
import { ShiftDialog } from '../shift/shift-dialog';
import type { PosProduct, RecordedSale } from '../types';
import { CartPanel } from './cart-panel';
import { CashierHeader } from './cashier-header';
import { CompleteDialog } from './complete-dialog';
import { isCustomerMenuProduct, type MenuMode, ProductBrowser } from './product-browser';
import { SizeDialog } from './size-dialog';

/**
 * Products per page of the terminal's grid: four screenfuls at 1366x768 and whole rows of 2, 3, 4
 * or 5 columns. The first render of the grid is most of the time to a sell-ready terminal
 * (bench/browser: about 3 ms per card on these machines), so the rest waits for 'Show more' or a search.
 */
const GRID_PAGE = 60;
/** spec §9 Timing: products refetch every 120 s in the POS and are stale after 60 s; search waits 300 ms. */
const PRODUCTS_REFETCH_MS = 120_000;
const PRODUCTS_STALE_MS = 60_000;
const SEARCH_DEBOUNCE_MS = 300;

/** Two columns from 1200 px (counter PC); below, tabs with the sale always one tap away (tablet). */
const TWO_COLUMNS_QUERY = '(min-width: 75em)';

function toCartItem(product: PosProduct, option?: SizeOption): CartItem {
  return {
    productId: product.id,
    variantId: option?.variantId ?? null,
    name: product.name,
    variantName: option?.name ?? null,
    priceCents: option ? option.priceCents : (parseCents(product.price) ?? 0),
    imageUrl: product.imageUrl,
    stock: option ? option.stock : product.stock,
  };
}

/** spec §2 POS terminal (/pos). */
export function PosTerminal({ user }: { user: SessionUser }) {
  const isTwoColumns = useMediaQuery(TWO_COLUMNS_QUERY, false, { getInitialValueInEffect: false });

  const [cart, dispatch] = useReducer(cartReducer, emptyCart);
  const [payment, setPayment] = useState<PaymentInput>(emptyPayment);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState<string | null>(null);
  const [menuMode, setMenuMode] = useState<MenuMode>('customer');
  const [sizeProduct, setSizeProduct] = useState<PosProduct | null>(null);
  const [isShiftDialogOpen, setShiftDialogOpen] = useState(false);
  const [completedSale, setCompletedSale] = useState<RecordedSale | null>(null);
  const [tab, setTab] = useState<string | null>('products');
  const searchInput = useRef<HTMLInputElement | null>(null);

  // One page of the grid; 'Show more' asks for the next. A new search, category or menu starts over.
  const filterKey = JSON.stringify([debouncedSearch, category, menuMode]);
  const [paging, setPaging] = useState({ filterKey, limit: GRID_PAGE });
  const pageLimit = paging.filterKey === filterKey ? paging.limit : GRID_PAGE;
  const products = useQuery({
    ...productPageQueryOptions({
      search: debouncedSearch || undefined,
      category: category ?? undefined,
      // spec §2: the Customer Menu hides institutional assets; the server pages only what is shown.
      assetType: menuMode === 'customer' ? 'regular' : undefined,
      limit: pageLimit,
    }),
    refetchInterval: PRODUCTS_REFETCH_MS,
    staleTime: PRODUCTS_STALE_MS,
  });
  const categories = useCategories({ refetchInterval: CATEGORIES_REFETCH_MS });
  const currentShift = useCurrentShift();
  const shift = currentShift.data?.shift ?? null;

  // spec §5: a refused cart change (out of stock, over stock) is told once, as a toast.
  useEffect(() => {
    if (cart.notice) notifyError({ title: cart.notice.title, message: cart.notice.message, replace: true });
  }, [cart.notice]);

  // spec §4: an empty cart clears the payment inputs.
  useEffect(() => {
    if (cart.lines.length === 0) setPayment(emptyPayment);
  }, [cart.lines.length]);

  const repriceFromServer = useRepriceFromServer(cart.lines, dispatch);

  const checkout = useCheckout({
    onRecorded: (sale) => {
      dispatch({ type: 'clear' });
      setPayment(emptyPayment);
      setCompletedSale(sale);
      setTab('products');
    },
    onShiftRequired: () => setShiftDialogOpen(true),
    onPricesChanged: repriceFromServer,
  });

  const addProduct = useCallback((product: PosProduct) => {
    if (product.hasVariants) setSizeProduct(product);
    else dispatch({ type: 'add', item: toCartItem(product) });
  }, []);

  const pickSize = (product: PosProduct, option: SizeOption) => {
    dispatch({ type: 'add', item: toCartItem(product, option) });
    setSizeProduct(null);
  };

  useScannerKeystrokes(searchInput, setSearch);

  const startCheckout = () => {
    // spec §5 Checkout: an empty cart is refused.
    if (cart.lines.length === 0) {
      notifyError({ title: 'Empty Cart', message: 'Please add items to cart before checkout.', replace: true });
      return;
    }
    if (currentShift.isSuccess && !shift) {
      notifyError({ title: 'Shift Required', message: 'Please start your shift before making sales.', replace: true });
      setShiftDialogOpen(true);
      return;
    }
    const summary = summarizePayment(cart.lines, payment);
    if (summary.shortBy > 0 || summary.referenceLooksLikeCard || summary.notesHoldCard) return;
    checkout.submit(buildSaleRequest(cart.lines, payment));
  };

  // Stable props for the memoised product browser: a tap changes the cart, not the grid.
  const items = products.data?.items;
  const shown = useMemo(
    () => (items ?? []).filter((p) => p.isActive !== false && (menuMode === 'all' || isCustomerMenuProduct(p))),
    [items, menuMode],
  );
  // Enter in the search: an exact SKU adds that product at once and clears the search.
  const onSearchSubmit = useSkuSubmit(items, (match) => {
    setSearch('');
    addProduct(match);
  });
  const onShowMore = useCallback(
    () => setPaging({ filterKey, limit: Math.min(pageLimit + GRID_PAGE, PRODUCT_LIST_MAX_LIMIT) }),
    [filterKey, pageLimit],
  );

  if (products.isPending && !products.data) {
    return (
      <Center mih={320}>
        <Stack align="center" gap="sm" role="status">
          <Loader size="lg" />
          <Text size="lg" fw={500}>
            Loading POS...
          </Text>
        </Stack>
      </Center>
    );
  }

  const itemCount = cartItemCount(cart.lines);
  const total = summarizePayment(cart.lines, payment).total;

  const header = (
    <CashierHeader
      user={user}
      actions={
        <ShiftBar shift={shift} isLoading={currentShift.isPending} onManageShift={() => setShiftDialogOpen(true)} />
      }
    />
  );
  const browser = (
    <ProductBrowser
      products={shown}
      categories={categories.data ?? []}
      search={search}
      onSearchChange={setSearch}
      onSearchSubmit={onSearchSubmit}
      searchRef={searchInput}
      category={category}
      onCategoryChange={setCategory}
      menuMode={menuMode}
      onMenuModeChange={setMenuMode}
      onSelect={addProduct}
      isFetching={products.isFetching}
      total={products.data?.total ?? 0}
      loaded={products.data?.items.length ?? 0}
      onShowMore={onShowMore}
    />
  );
  const cartPanel = (
    <CartPanel
      lines={cart.lines}
      dispatch={dispatch}
      payment={payment}
      onPaymentChange={setPayment}
      onCheckout={startCheckout}
      isSubmitting={checkout.isSubmitting}
      connectionLost={checkout.connectionLost}
      fillHeight={isTwoColumns}
    />
  );

  return (
    <Box data-testid="pos-terminal">
      {isTwoColumns ? (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
            {header}
            {browser}
          </Stack>
          <Box
            w={400}
            style={{
              flexShrink: 0,
              position: 'sticky',
              top: 'calc(var(--app-shell-header-offset, 64px) + var(--mantine-spacing-xl))',
              height: 'calc(100dvh - var(--app-shell-header-offset, 64px) - 2 * var(--mantine-spacing-xl))',
            }}
          >
            {cartPanel}
          </Box>
        </Group>
      ) : (
        <Stack gap="sm">
          {header}
          <Tabs value={tab} onChange={setTab} keepMounted>
            <Tabs.List grow>
              <Tabs.Tab value="products" fz="md" py="sm">
                Products
              </Tabs.Tab>
              <Tabs.Tab
                value="sale"
                fz="md"
                py="sm"
                rightSection={
                  <Badge size="md" variant="filled" circle={itemCount < 10}>
                    {itemCount}
                  </Badge>
                }
              >
                Current Sale
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="products" pt="sm">
              {browser}
              {/* The sale stays one tap away while browsing. */}
              <Paper
                withBorder
                shadow="md"
                p="xs"
                mt="md"
                style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>
                    {itemCount} {itemCount === 1 ? 'item' : 'items'} · {formatMoney(total)}
                  </Text>
                  <Button leftSection={<IconShoppingCart size={20} aria-hidden />} onClick={() => setTab('sale')}>
                    View Sale
                  </Button>
                </Group>
              </Paper>
            </Tabs.Panel>
            <Tabs.Panel value="sale" pt="sm">
              {cartPanel}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}

      <SizeDialog product={sizeProduct} onPick={pickSize} onCancel={() => setSizeProduct(null)} />
      <ShiftDialog opened={isShiftDialogOpen} onClose={() => setShiftDialogOpen(false)} shift={shift} />
      <CompleteDialog sale={completedSale} onClose={() => setCompletedSale(null)} />
    </Box>
  );
}
