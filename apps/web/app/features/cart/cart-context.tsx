import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { OrderForm, OrderFormItem, OrderFormMessage, OrderInfo } from '@despensa/contracts';
import { cartUnitsOf } from '@despensa/domain';
import { CART_ADD_EVENT, type CartAddDetail } from '../catalog/add-to-cart';
import {
  CART_ACTION_PATH,
  type CartActionResult,
  type CartIntent,
  type CartIntentName,
  type CartLineChange,
} from './cart-intents';
import { cacheOrderForm, cachedCartFallback } from './cart-client';
import { optimisticLines, pendingQuantityOf } from './optimistic-cart';
import { takeOpenMinicartFlag } from './order-form-cookie';
import { announceCartChange, useCartTabSync } from './tab-sync';
import { trackCartChange } from '../platform/cart-analytics';
import { useChanged } from '../../lib/use-changed';

/** Quantity clicks on one line within this pause reach the server as one change (last value wins). */
export const QUEUE_DELAY_MS = 150;

export interface CartState {
  /** The server's last answer. */
  orderForm: OrderForm | null;
  /** Its lines with the pending changes applied (what the shopper sees). */
  lines: OrderFormItem[];
  /** Products in the cart as §5 counts them (a weighed line counts 1). */
  units: number;
  /** Messages of the last change (limits, coupon outcome) and a refused change's text. */
  messages: OrderFormMessage[];
  error: string | null;
  orderInfo: OrderInfo | null;
  /** A change is queued or waiting for the server. */
  busy: boolean;
  setQuantity(line: { id: string; seller?: string }, quantity: number, immediate?: boolean): void;
  /** One step up or down from the quantity last asked for (queued or on its way), not the one drawn. */
  stepQuantity(line: { id: string; seller?: string }, step: number): void;
  add(detail: CartAddDetail): void;
  submit(change: Exclude<CartIntent, { intent: 'update' | 'add' }>): void;
  minicartOpen: boolean;
  setMinicartOpen(open: boolean): void;
  /** The sku of the last add and when, for the notices that follow an add. */
  lastAdd: { skuId: string; at: number } | null;
  /** §8: the server kept failing, or the page could not read the cart: the cached cart is shown read-only. */
  readOnly: boolean;
  /** Reads the cart again (after the fallback); a good answer ends read-only mode. */
  retry(): void;
}

const CartContext = createContext<CartState | null>(null);

export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart outside CartProvider');
  return cart;
}

/** One fetcher per kind of change, shared by key so a form can read its own pending state. */
export function useCartFetcher(intent: CartIntentName | 'queue' | 'sync' | 'upselling') {
  return useFetcher<CartActionResult>({ key: `cart:${intent}` });
}

type CartFetcher = ReturnType<typeof useCartFetcher>;

/** The changes sent one at a time, each on its own fetcher (quantities go through the queue). */
const INTENTS = ['remove', 'removeAll', 'coupon', 'substitution', 'ordination', 'clearPayment'] as const;

/** Sends a change as JSON (its type has no index signature, hence the cast React Router's JSON type needs). */
function send(fetcher: CartFetcher | undefined, change: CartIntent): void {
  void fetcher?.submit(change as unknown as Parameters<CartFetcher['submit']>[0], {
    method: 'post',
    action: CART_ACTION_PATH,
    encType: 'application/json',
  });
}

/**
 * The cart of the whole app: the root loader's orderForm, then each answer of the cart action. Listens
 * for `cart:add` from every 'Agregar' button, queues quantity changes and batches them (§4 cart changes).
 */
export function CartProvider({
  initialOrderForm,
  cartReadFailed = false,
  children,
}: {
  initialOrderForm: OrderForm | null;
  /** The page could not read the cart (the root's cartReadFailed): §8's cached-cart fallback. */
  cartReadFailed?: boolean;
  children: ReactNode;
}) {
  const [orderForm, setOrderForm] = useState(initialOrderForm);
  const [messages, setMessages] = useState<OrderFormMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [orderInfo, setOrderInfo] = useState<OrderInfo | null>(null);
  const [minicartOpen, setMinicartOpen] = useState(false);
  const [lastAdd, setLastAdd] = useState<CartState['lastAdd']>(null);
  const [readOnly, setReadOnly] = useState(false);
  const readOnlyRef = useRef(readOnly);
  useEffect(() => {
    readOnlyRef.current = readOnly;
  });

  // The root loader reads the cart again only after other forms (never after a cart change): take it.
  if (useChanged(initialOrderForm)) setOrderForm(initialOrderForm);

  const queue = useCartFetcher('queue');
  const sync = useCartFetcher('sync');
  // In INTENTS order, which `submit` relies on.
  const others = [
    useCartFetcher('remove'),
    useCartFetcher('removeAll'),
    useCartFetcher('coupon'),
    useCartFetcher('substitution'),
    useCartFetcher('ordination'),
    useCartFetcher('clearPayment'),
  ];

  // The server's answer wins: every completed change replaces the orderForm and its messages.
  const accept = useCallback((result: CartActionResult | undefined, announce: boolean) => {
    if (!result) return;
    setReadOnly(result.readOnly === true);
    if (result.readOnly) {
      if (result.orderForm) setOrderForm(result.orderForm);
      setMessages([]);
    } else if (result.orderForm) {
      cacheOrderForm(result.orderForm);
      setOrderForm(result.orderForm);
      setMessages(result.orderForm.messages);
      if (announce) announceCartChange(result.orderForm.orderFormId);
    }
    if (result.orderInfo) setOrderInfo(result.orderInfo);
    setError(result.error ?? null);
  }, []);
  const answers = [queue.data, ...others.map((fetcher) => fetcher.data)];
  const seen = useRef(new WeakSet<CartActionResult>());
  useEffect(() => {
    // A fetcher keeps its last answer: only one not seen before is news.
    for (const answer of answers) {
      if (!answer || seen.current.has(answer)) continue;
      seen.current.add(answer);
      accept(answer, true);
    }
  });
  useEffect(() => accept(sync.data, false), [sync.data, accept]);
  useCartTabSync(() => sync.load(CART_ACTION_PATH));
  // The page's cart is a good answer too: it is what the §8 fallback shows if later calls fail. When the
  // root loader could not read it, the page takes that same fallback; after hydration, since the server's
  // HTML (and so the first render) has the empty cart.
  useEffect(() => {
    if (cartReadFailed) accept(cachedCartFallback(), false);
    else if (initialOrderForm) cacheOrderForm(initialOrderForm);
  }, [initialOrderForm, cartReadFailed, accept]);

  // The queue: changes wait QUEUE_DELAY_MS for more clicks, then leave as one batch, one batch at a time.
  const queued = useRef(new Map<string, CartLineChange>());
  // What the page shows of the queue: a copy taken at each change (the map itself is read by handlers).
  const [queuedView, setQueuedView] = useState<CartLineChange[]>([]);
  const queueChanged = useCallback(() => setQueuedView([...queued.current.values()]), []);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queueRef = useRef(queue);
  useEffect(() => {
    queueRef.current = queue;
  });
  const flush = useCallback(
    function flushQueue() {
      if (queued.current.size === 0) return;
      if (queueRef.current.state !== 'idle') {
        timer.current = setTimeout(flushQueue, QUEUE_DELAY_MS);
        return;
      }
      const lines = [...queued.current.values()];
      queued.current.clear();
      send(queueRef.current, { intent: 'update', lines });
      queueChanged();
    },
    [queueChanged],
  );

  const items = orderForm?.items ?? [];
  const inFlight = [queue, ...others]
    .filter((fetcher) => fetcher.state === 'submitting')
    .map((fetcher) => fetcher.json as CartIntent | undefined);
  const lines = optimisticLines(items, inFlight, queuedView);

  const stateRef = useRef({ items, inFlight });
  useEffect(() => {
    stateRef.current = { items, inFlight };
  });
  const setQuantity = useCallback(
    (line: { id: string; seller?: string }, quantity: number, immediate = false) => {
      if (readOnlyRef.current) return;
      const change: CartLineChange = { id: line.id, quantity: Math.max(0, quantity) };
      const { items: current, inFlight: pending } = stateRef.current;
      trackCartChange(line.id, pendingQuantityOf(line.id, current, pending, queued.current), change.quantity);
      if (line.seller) change.seller = line.seller;
      queued.current.set(line.id, change);
      queueChanged();
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, immediate ? 0 : QUEUE_DELAY_MS);
    },
    [flush, queueChanged],
  );

  const stepQuantity = useCallback(
    (line: { id: string; seller?: string }, step: number) => {
      const { items: current, inFlight: pending } = stateRef.current;
      setQuantity(line, pendingQuantityOf(line.id, current, pending, queued.current) + step);
    },
    [setQuantity],
  );

  const add = useCallback(
    (detail: CartAddDetail) => {
      const { items: current, inFlight: pending } = stateRef.current;
      const quantity = pendingQuantityOf(detail.skuId, current, pending, queued.current) + detail.quantity;
      setQuantity({ id: detail.skuId, seller: detail.seller }, quantity, true);
      setLastAdd({ skuId: detail.skuId, at: Date.now() });
      setMinicartOpen(true);
    },
    [setQuantity],
  );

  useEffect(() => {
    const onAdd = (event: Event) => add((event as CustomEvent<CartAddDetail>).detail);
    window.addEventListener(CART_ADD_EVENT, onAdd);
    return () => window.removeEventListener(CART_ADD_EVENT, onAdd);
  }, [add]);

  // §2 add by URL: the server added the items and redirected here; the minicart opens once.
  useEffect(() => {
    const notes = takeOpenMinicartFlag(window.location.pathname);
    if (notes === null) return;
    setMinicartOpen(true);
    setMessages(notes.map((text) => ({ code: 'addByUrl', text, status: 'warning' })));
  }, []);

  const othersRef = useRef(others);
  useEffect(() => {
    othersRef.current = others;
  });
  const submit = useCallback<CartState['submit']>((change) => {
    if (readOnlyRef.current) return;
    if (change.intent === 'remove' || change.intent === 'removeAll') {
      const { items: current, inFlight: pending } = stateRef.current;
      const ids = change.intent === 'remove' ? change.ids : current.map((item) => item.id);
      for (const id of ids) trackCartChange(id, pendingQuantityOf(id, current, pending, queued.current), 0);
    }
    send(othersRef.current[INTENTS.indexOf(change.intent)], change);
  }, []);

  const busy = queuedView.length > 0 || [queue, ...others].some((fetcher) => fetcher.state !== 'idle');
  const value: CartState = {
    orderForm,
    lines,
    units: lines.reduce((sum, line) => sum + cartUnitsOf(line), 0),
    messages,
    error,
    orderInfo,
    busy,
    setQuantity,
    stepQuantity,
    add,
    submit,
    minicartOpen,
    setMinicartOpen,
    lastAdd,
    readOnly,
    retry: () => void sync.load(CART_ACTION_PATH),
  };
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
