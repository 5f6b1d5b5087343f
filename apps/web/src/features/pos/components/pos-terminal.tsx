import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  type Cents,
  formatMoney,
  PRODUCT_LIST_MAX_LIMIT,
  parseCents,
  type SessionUser,
  type SizeOption,
} from '@retail-hub/shared';
import { IconClipboardList, IconKeyboard, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { CATEGORIES_REFETCH_MS, useCategories, useSizeOptions } from '@/features/catalog';
import { PrintJobsTray, useTerminalPrinter } from '@/features/printers';
import { useTillStore } from '@/features/retail-stores';
import { notifyError } from '@/lib/notify';
import { markSellingTerminal } from '@/lib/offline-bridge';
import { useCurrentShift } from '../api/get-current-shift';
import { GRID_PAGE, terminalProductsQueryOptions } from '../api/terminal-queries';
import { type CartItem, type CartModifier, cartItemCount, cartReducer, emptyCart } from '../cart/cart-reducer';
import { HeldSalesDialog } from '../held/held-sales-dialog';
import { HoldDialog } from '../held/hold-dialog';
import { useHeldSales } from '../held/use-held-sales';
import { useCheckout } from '../hooks/use-checkout';
import { useCustomerDisplay } from '../hooks/use-customer-display';
import { useRepriceFromServer } from '../hooks/use-reprice-from-server';
import { useSkuSubmit } from '../hooks/use-scanner';
import { type TillTax, useTillTax } from '../hooks/use-till-tax';
import { ShortcutTooltip } from '../keyboard/shortcut-tooltip';
import { KEY, type TerminalCommand, type TerminalMode } from '../keyboard/shortcuts';
import { ShortcutsLegend } from '../keyboard/shortcuts-legend';
import { useTerminalKeys } from '../keyboard/use-terminal-keys';
import {
  buildSaleRequest,
  emptyPayment,
  type PaymentInput,
  receiptTax,
  statedTax,
  summarizePayment,
  withMethod,
} from '../payment/payment';
import { PAYMENT_INPUT_IDS } from '../payment/payment-panel';
import { ShiftBar } from '../shift/shift-bar';
import { ShiftDialog } from '../shift/shift-dialog';
import { OutboxDialog, SyncStatus } from '../sync/sync-status';
import { useTerminalSync } from '../sync/use-terminal-sync';
import type { PosProduct, RecordedSale } from '../types';
import { CartPanel } from './cart-panel';
import { CashierHeader } from './cashier-header';
import { CompleteDialog, printSaleReceipt, skipSaleReceipt } from './complete-dialog';
import { CustomerDisplayButton } from './customer-display-button';
import { DiscountDialog, type DiscountTarget } from './discount-dialog';
import { ModifierDialog, type ModifierRequest } from './modifier-dialog';
import { isCustomerMenuProduct, type MenuMode, ProductBrowser } from './product-browser';
import { SizeDialog } from './size-dialog';

/** spec §9 Timing: the search waits 300 ms (the grid's page and refresh: api/terminal-queries). */
const SEARCH_DEBOUNCE_MS = 300;

/** Two columns from 1200 px (counter PC); below, tabs with the sale always one tap away (tablet). */
const TWO_COLUMNS_QUERY = '(min-width: 75em)';

/** After a dialog's exit transition (Mantine's 200 ms), a focus left on nothing goes to the search. */
const FOCUS_RESCUE_MS = 260;

/** Focus a field and select what it holds, so the next keys replace it. */
function focusAndSelect(input: HTMLInputElement | HTMLTextAreaElement | null | undefined): void {
  if (!input) return;
  input.focus();
  input.select();
}

function focusById(id: string): void {
  // At tablet width the field may be on the other tab: wait for it to show.
  requestAnimationFrame(() => focusAndSelect(document.getElementById(id) as HTMLInputElement | null));
}

function toCartItem(product: PosProduct, option: SizeOption | undefined, tax: TillTax): CartItem {
  return {
    ...tax(product),
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
  // Products waiting for 'Choose Size', in the order they were scanned or tapped (issue #22: two
  // quick scans of coffees both land, one after the other).
  const [sizeQueue, setSizeQueue] = useState<PosProduct[]>([]);
  const sizeProduct = sizeQueue[0] ?? null;
  // Sizes are priced by the server (spec §9 Size option prices); always read them fresh for a sale.
  const sizes = useSizeOptions(sizeProduct?.id, { staleTime: 0 });
  const [isLegendOpen, setLegendOpen] = useState(false);
  // The e-mail receipt dialog over 'Transaction Complete' (its fields take the keys).
  const [isCompleteNested, setCompleteNested] = useState(false);
  const [isShiftDialogOpen, setShiftDialogOpen] = useState(false);
  // Issue #15 item 7: the discount dialog, for one line or the whole sale.
  const [discountTarget, setDiscountTarget] = useState<DiscountTarget | null>(null);
  // Issue #19: the sales waiting in the outbox.
  const [isOutboxOpen, setOutboxOpen] = useState(false);
  const [completedSale, setCompletedSale] = useState<RecordedSale | null>(null);
  const [tab, setTab] = useState<string | null>('products');
  const searchInput = useRef<HTMLInputElement | null>(null);

  // One page of the grid; 'Show more' asks for the next. A new search, category or menu starts over.
  const filterKey = JSON.stringify([debouncedSearch, category, menuMode]);
  const [paging, setPaging] = useState({ filterKey, limit: GRID_PAGE });
  const pageLimit = paging.filterKey === filterKey ? paging.limit : GRID_PAGE;
  const products = useQuery(
    terminalProductsQueryOptions({ search: debouncedSearch, category, menuMode, limit: pageLimit }),
  );
  const categories = useCategories({ refetchInterval: CATEGORIES_REFETCH_MS });
  const currentShift = useCurrentShift();
  const shift = currentShift.data?.shift ?? null;
  // Issue #32 item 2: the store this till sells at, in the header when there are several.
  const terminalSync = useTerminalSync();
  const till = useTillStore(shift?.storeId, terminalSync.terminalId);
  const terminalPrinter = useTerminalPrinter();
  // Issue #34 item 2: each line's tax rate and the store's inclusive/exclusive setting.
  const tillTax = useTillTax(shift?.storeId, categories.data);

  // Issue #19: this browser is a till from now on; it reports to the manager's terminal list.
  useEffect(markSellingTerminal, []);

  // spec §5: a refused cart change (out of stock, over stock) is told once, as a toast.
  useEffect(() => {
    if (cart.notice) notifyError({ title: cart.notice.title, message: cart.notice.message, replace: true });
  }, [cart.notice]);

  // spec §4: an empty cart clears the payment inputs.
  useEffect(() => {
    if (cart.lines.length === 0) setPayment(emptyPayment);
  }, [cart.lines.length]);

  const repriceFromServer = useRepriceFromServer(cart.lines, dispatch, shift?.storeId);
  // Issue #35 item 3: held sales (open tickets) of this store.
  const [isHoldOpen, setHoldOpen] = useState(false);
  const [isHeldListOpen, setHeldListOpen] = useState(false);
  const held = useHeldSales({
    user,
    terminalId: terminalSync.terminalId ?? null,
    cart,
    dispatch,
    reprice: repriceFromServer,
  });
  const startHold = () => {
    if (cart.lines.length === 0) {
      notifyError({ title: 'Empty Cart', message: 'Add items to the cart before holding it.', replace: true });
      return;
    }
    setHoldOpen(true);
  };

  const checkout = useCheckout({
    onRecorded: (sale) => {
      dispatch({ type: 'clear' });
      setPayment(emptyPayment);
      setCompletedSale(sale);
      setTab('products');
    },
    onShiftRequired: () => setShiftDialogOpen(true),
    onPricesChanged: repriceFromServer,
    onApprovalRefused: () => dispatch({ type: 'clearApproval' }),
    seller: { user, shiftId: shift?.id ?? null },
  });
  const saleDiscount = cart.saleDiscount ?? null;
  // Issue #36 item 4: the customer display follows the sale (same machine: a BroadcastChannel).
  useCustomerDisplay({ storeName: till.store?.name ?? null, lines: cart.lines, payment, saleDiscount, completedSale });

  // Issue #35 item 1 (docs/adr/0035): a line waiting for its modifiers ('Choose Modifiers', after
  // its size); while it waits, the next product in the size queue waits too.
  const [pendingModifiers, setPendingModifiers] = useState<{ item: CartItem; request: ModifierRequest } | null>(null);
  const addOrChoose = useCallback((product: PosProduct, item: CartItem) => {
    if (!product.modifierGroups?.length) {
      dispatch({ type: 'add', item });
      return false;
    }
    const title = item.variantName ? `${product.name} (${item.variantName})` : product.name;
    setPendingModifiers({ item, request: { title, baseCents: item.priceCents, groups: product.modifierGroups } });
    return true;
  }, []);

  const addProduct = useCallback(
    (product: PosProduct) => {
      if (product.hasVariants) setSizeQueue((queue) => [...queue, product]);
      else addOrChoose(product, toCartItem(product, undefined, tillTax));
    },
    [tillTax, addOrChoose],
  );

  const nextSize = () => setSizeQueue((queue) => queue.slice(1));
  const pickSize = (product: PosProduct, option: SizeOption) => {
    if (!addOrChoose(product, toCartItem(product, option, tillTax))) nextSize();
  };
  const closeModifiers = (modifiers: CartModifier[] | null) => {
    const pending = pendingModifiers;
    setPendingModifiers(null);
    if (!pending) return;
    if (modifiers) {
      const extra = modifiers.reduce((sum, m) => sum + m.priceCents, 0);
      dispatch({
        type: 'add',
        item: { ...pending.item, priceCents: (pending.item.priceCents + extra) as Cents, modifiers },
      });
    }
    if (pending.item.variantName !== null || pending.item.variantId !== null) nextSize();
  };

  const focusSearch = useCallback(() => focusAndSelect(searchInput.current), []);
  const closeComplete = useCallback(() => {
    setCompletedSale(null);
    // issue #22: after a sale the search box is ready for the next scan.
    requestAnimationFrame(() => searchInput.current?.focus());
  }, []);

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
    const summary = summarizePayment(cart.lines, payment, saleDiscount);
    // What stops the sale gets the focus (the panel already says what is wrong).
    if (summary.shortBy > 0 || summary.referenceLooksLikeCard || summary.notesHoldCard) {
      setTab('sale');
      if (summary.shortBy > 0) focusById(PAYMENT_INPUT_IDS.amountReceived);
      else focusById(summary.referenceLooksLikeCard ? PAYMENT_INPUT_IDS.referenceCode : PAYMENT_INPUT_IDS.notes);
      return;
    }
    checkout.submit(
      buildSaleRequest(cart.lines, payment, { saleDiscount, approverPin: cart.approverPin }),
      receiptTax(summary),
      statedTax(cart.lines, summary),
    );
  };

  // Stable props for the memoised product browser: a tap changes the cart, not the grid.
  const items = products.data?.items;
  const shown = useMemo(
    () => (items ?? []).filter((p) => p.isActive !== false && (menuMode === 'all' || isCustomerMenuProduct(p))),
    [items, menuMode],
  );
  // Enter in the search: an exact SKU adds that product at once and clears the search.
  const onSearchSubmit = useSkuSubmit(items, addProduct, setSearch);

  const mode: TerminalMode = completedSale
    ? isCompleteNested
      ? 'busy'
      : 'complete'
    : pendingModifiers
      ? 'busy'
      : sizeProduct
        ? 'size'
        : isLegendOpen
          ? 'legend'
          : isShiftDialogOpen || isOutboxOpen || discountTarget || isHoldOpen || isHeldListOpen
            ? 'busy'
            : 'sale';

  const runCommand = (command: TerminalCommand) => {
    switch (command.type) {
      case 'focusSearch':
        focusSearch();
        return;
      case 'clearSearch':
        setSearch('');
        return;
      case 'leaveField': {
        // At tablet width the search box is on the other tab: leave the field for the sale's keys.
        const input = searchInput.current;
        if (input?.checkVisibility?.() ?? input?.offsetParent) input?.focus();
        else (document.activeElement as HTMLElement | null)?.blur();
        return;
      }
      case 'completeSale':
        startCheckout();
        return;
      case 'openLegend':
        setLegendOpen(true);
        return;
      case 'holdSale':
        startHold();
        return;
      case 'openHeldSales':
        setHeldListOpen(true);
        return;
      case 'paymentMethod':
        setPayment((current) => withMethod(current, command.method));
        return;
      case 'quickAmount':
        setPayment((current) => ({ ...withMethod(current, 'cash'), amountReceived: String(command.amount) }));
        return;
      case 'focusPaymentInput':
        setTab('sale');
        focusById(payment.method === 'cash' ? PAYMENT_INPUT_IDS.amountReceived : PAYMENT_INPUT_IDS.referenceCode);
        return;
      case 'step': {
        const last = cart.lines.at(-1);
        if (last) dispatch({ type: command.delta > 0 ? 'increment' : 'decrement', key: last.key });
        return;
      }
      case 'pickSize': {
        const option = sizes.data?.[command.index];
        if (!sizeProduct || !option) return;
        if (option.stock <= 0) {
          notifyError({ title: 'Out of Stock', message: `${option.name} is out of stock.` });
          return;
        }
        pickSize(sizeProduct, option);
        return;
      }
      case 'print':
        if (completedSale) printSaleReceipt(completedSale, closeComplete, terminalPrinter?.id);
        return;
      case 'skip':
        if (completedSale) skipSaleReceipt(completedSale, closeComplete, terminalPrinter?.id);
        else closeComplete();
        return;
    }
  };

  useTerminalKeys({
    mode: () => mode,
    searchInput,
    setSearch,
    onCommand: runCommand,
    // A scan while a dialog is open lands in the sale: the next customer's first item closes
    // 'Transaction Complete' (no receipt); in 'Choose Size' it joins the sale behind the size.
    onScan: (code) => {
      if (mode === 'complete') closeComplete();
      if (mode === 'legend') setLegendOpen(false);
      onSearchSubmit(code, { scanned: true });
    },
  });

  // issue #22: the search box has the focus when the terminal opens, and again whenever a dialog
  // closes and left the focus on nothing.
  const isReady = products.data !== undefined;
  useEffect(() => {
    if (!isReady || mode !== 'sale') return;
    // Lost: on nothing, on a removed element, or still in a dialog that is closing (no dialog of
    // the terminal is open in this mode).
    const rescue = () => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected || active.closest('[role="dialog"]')) {
        searchInput.current?.focus();
      }
    };
    if (!document.activeElement?.closest('[role="dialog"]')) rescue();
    // Mantine gives the focus back after its exit transition, which is slower on a busy machine.
    const timers = [FOCUS_RESCUE_MS, 3 * FOCUS_RESCUE_MS].map((ms) => setTimeout(rescue, ms));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [isReady, mode]);
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
  const total = summarizePayment(cart.lines, payment, saleDiscount).total;

  const header = (
    <>
      <CashierHeader
        user={user}
        storeName={till.store?.name}
        actions={
          <Group gap="sm" wrap="wrap">
            <SyncStatus onOpenOutbox={() => setOutboxOpen(true)} />
            <ShortcutTooltip keys={KEY.heldSales} label="Held Sales">
              <Button
                variant="default"
                leftSection={<IconClipboardList size={18} aria-hidden />}
                rightSection={
                  held.list.length > 0 ? (
                    <Badge size="sm" variant="filled" circle={held.list.length < 10} data-testid="held-count">
                      {held.list.length}
                    </Badge>
                  ) : null
                }
                aria-keyshortcuts={KEY.heldSales}
                onClick={() => setHeldListOpen(true)}
              >
                Held Sales
              </Button>
            </ShortcutTooltip>
            <ShiftBar shift={shift} isLoading={currentShift.isPending} onManageShift={() => setShiftDialogOpen(true)} />
            <CustomerDisplayButton />
          </Group>
        }
        corner={
          <ShortcutTooltip keys={KEY.legend} label="Keyboard shortcuts">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Keyboard shortcuts"
              aria-keyshortcuts={KEY.legend}
              onClick={() => setLegendOpen(true)}
            >
              <IconKeyboard size={20} aria-hidden />
            </ActionIcon>
          </ShortcutTooltip>
        }
      />
      {/* Issue #36: this till's print jobs (waiting, failed) and Open Drawer, when it has a printer. */}
      <PrintJobsTray />
    </>
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
      saleDiscount={saleDiscount}
      onDiscount={setDiscountTarget}
      onHold={startHold}
    />
  );

  return (
    // spec §9: tooltips open after 700 ms, and the next within 300 ms of the last opens at once.
    <Tooltip.Group openDelay={700} closeDelay={300}>
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

        <SizeDialog
          product={pendingModifiers ? null : sizeProduct}
          sizes={sizes}
          onPick={pickSize}
          onCancel={nextSize}
        />
        <ModifierDialog
          request={pendingModifiers?.request ?? null}
          onConfirm={(modifiers) => closeModifiers(modifiers)}
          onCancel={() => closeModifiers(null)}
        />
        <ShiftDialog
          stores={till.stores}
          boundStoreId={till.boundStoreId}
          opened={isShiftDialogOpen}
          onClose={() => setShiftDialogOpen(false)}
          shift={shift}
        />
        <CompleteDialog sale={completedSale} onClose={closeComplete} onNestedDialogChange={setCompleteNested} />
        <ShortcutsLegend opened={isLegendOpen} onClose={() => setLegendOpen(false)} />
        <DiscountDialog
          target={discountTarget}
          lines={cart.lines}
          saleDiscount={saleDiscount}
          approverPin={cart.approverPin ?? null}
          method={payment.method}
          role={user.role}
          onClose={() => setDiscountTarget(null)}
          onApply={(discount, approverPin) => {
            if (discountTarget?.kind === 'line') {
              dispatch({ type: 'setLineDiscount', key: discountTarget.key, discount, approverPin });
            } else {
              dispatch({ type: 'setSaleDiscount', discount, approverPin });
            }
            setDiscountTarget(null);
          }}
        />
        <OutboxDialog opened={isOutboxOpen} onClose={() => setOutboxOpen(false)} />
        <HoldDialog
          opened={isHoldOpen}
          itemCount={itemCount}
          isHolding={held.isHolding}
          onClose={() => setHoldOpen(false)}
          onHold={async (label) => {
            if (await held.hold(label)) {
              setHoldOpen(false);
              setPayment(emptyPayment);
              setTab('products');
            }
          }}
        />
        <HeldSalesDialog
          opened={isHeldListOpen}
          heldSales={held.list}
          isLoading={held.isLoading}
          resumingId={held.resumingId}
          onClose={() => setHeldListOpen(false)}
          onResume={async (sale) => {
            if (await held.resume(sale)) {
              setHeldListOpen(false);
              setTab('sale');
            }
          }}
        />
      </Box>
    </Tooltip.Group>
  );
}
