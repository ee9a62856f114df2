import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useFetcher, useNavigate } from 'react-router';
import type { DeliveryChoice, LostProduct, OrderForm } from '@despensa/contracts';
import type { DeliveryMethodKind, NoCoverageVariant, RepricedLine } from '@despensa/domain';
import { useAccount } from '../account';
import {
  chargedDeliveryFee,
  isExclusionZoneDelivery,
  mirrorChoice,
  mirrorDefaultSegment,
  rememberPreviousChoice,
} from './choice';
import { DELIVERY_ACTION_PATH, type DeliveryActionResult, type DeliveryIntent } from './delivery-intents';
import type { ChosenWindow } from './delivery-server';

export interface DeliveryState {
  /** The persisted choice (cookie), null while the shopper has not chosen. */
  choice: DeliveryChoice | null;
  /** The window the cart holds under the choice, with its fee; null without one. */
  chosenWindow: ChosenWindow | null;
  /** The delivery fee the order will charge (the window's, or express's own); null while none is due. */
  fee: number | null;
  defaultStoreName: string;
  /** Which §8 no-coverage text the brand uses. */
  noCoverageVariant: NoCoverageVariant;
  selectorOpen: boolean;
  /** The mode the selector opens on. */
  selectorMode: DeliveryMethodKind | null;
  /**
   * `onward`: where the shopper goes once a mode is confirmed there ('Ir a pagar' opened it on the way to pay,
   * §2 go-to-checkout); a cancel forgets it.
   */
  openSelector(mode?: DeliveryMethodKind, onward?: string): void;
  /** `confirmed` false is a cancel, which reopens the exclusion-zone tooltip (§2). */
  closeSelector(confirmed: boolean): void;
  /** Sends a §4 mode change; the selector closes when it succeeds. */
  apply(intent: DeliveryIntent): void;
  applying: boolean;
  applyError: string | null;
  /** Items the new channel does not sell, while the lost-products dialog is open. */
  lostProducts: LostProduct[];
  /** The channel info before the change, kept for the lost-products dialog (§4). */
  previous: DeliveryChoice | null;
  closeLostProducts(): void;
  /** Items the new channel sells at another price, while the re-priced dialog is open. */
  repricedProducts: RepricedLine[];
  closeRepricedProducts(): void;
  exclusionTooltipOpen: boolean;
  closeExclusionTooltip(): void;
}

const DeliveryContext = createContext<DeliveryState | null>(null);

/** The delivery state; null outside the provider (error pages render the header without it). */
export function useDeliveryOptional(): DeliveryState | null {
  return useContext(DeliveryContext);
}

export function useDelivery(): DeliveryState {
  const state = useContext(DeliveryContext);
  if (!state) throw new Error('useDelivery outside DeliveryProvider');
  return state;
}

/** While the lost-products dialog decides about some lines, nothing removes them on its own (§4). */
export function useLostProductsOpen(): boolean {
  return (useContext(DeliveryContext)?.lostProducts.length ?? 0) > 0;
}

export function DeliveryProvider({
  choice,
  chosenWindow = null,
  defaultStoreName,
  noCoverageVariant = 'default',
  orderForm,
  children,
}: {
  choice: DeliveryChoice | null;
  chosenWindow?: ChosenWindow | null;
  defaultStoreName: string;
  noCoverageVariant?: NoCoverageVariant;
  /** The cart the fee is charged on (its provider sits above this one). */
  orderForm: OrderForm | null;
  children: ReactNode;
}) {
  const dialog = useSelectorDialog();
  const fee = chargedDeliveryFee(choice, chosenWindow, orderForm);

  // §3: storage mirrors the cookie the server set, on every page load and after every change.
  useEffect(() => {
    if (choice) mirrorChoice(choice);
    else mirrorDefaultSegment();
  }, [choice]);

  const { apply, applying, lostProducts, setLostProducts, repricedProducts, setRepricedProducts, previous } =
    useDeliveryApply(dialog);
  useDefaultPickup(choice, apply);

  const { selectorOpen, selectorMode, openSelector, closeSelector, applyError, tooltipClosed, goOnward } =
    dialog;
  const { setTooltipClosed } = dialog;
  const value = useMemo<DeliveryState>(
    () => ({
      choice,
      chosenWindow,
      fee,
      defaultStoreName,
      noCoverageVariant,
      selectorOpen,
      selectorMode,
      openSelector,
      closeSelector,
      apply,
      applying,
      applyError,
      lostProducts,
      previous,
      closeLostProducts: () => setLostProducts([]),
      repricedProducts,
      closeRepricedProducts: () => {
        setRepricedProducts([]);
        goOnward();
      },
      exclusionTooltipOpen: isExclusionZoneDelivery(choice) && !selectorOpen && !tooltipClosed,
      closeExclusionTooltip: () => setTooltipClosed(true),
    }),
    [
      choice,
      chosenWindow,
      fee,
      defaultStoreName,
      noCoverageVariant,
      selectorOpen,
      selectorMode,
      openSelector,
      closeSelector,
      apply,
      applying,
      applyError,
      lostProducts,
      setLostProducts,
      repricedProducts,
      setRepricedProducts,
      previous,
      tooltipClosed,
      setTooltipClosed,
      goOnward,
    ],
  );
  return <DeliveryContext.Provider value={value}>{children}</DeliveryContext.Provider>;
}

type SelectorDialog = ReturnType<typeof useSelectorDialog>;

/**
 * The selector's opening and closing, the exclusion tooltip it hides, its last error, and where the
 * shopper goes once a mode is confirmed.
 */
function useSelectorDialog() {
  const [selectorOpen, setSelectorOpen] = useState(false);
  const [selectorMode, setSelectorMode] = useState<DeliveryMethodKind | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);
  const [tooltipClosed, setTooltipClosed] = useState(false);
  const onward = useRef<string | null>(null);
  const navigate = useNavigate();
  const goOnward = useCallback(() => {
    const next = onward.current;
    onward.current = null;
    if (next) void navigate(next);
  }, [navigate]);
  const openSelector = useCallback((mode?: DeliveryMethodKind, then?: string) => {
    onward.current = then ?? null;
    setSelectorMode(mode ?? null);
    setApplyError(null);
    setSelectorOpen(true);
    setTooltipClosed(true);
  }, []);
  const closeSelector = useCallback((confirmed: boolean) => {
    onward.current = null;
    setSelectorOpen(false);
    if (!confirmed) setTooltipClosed(false);
  }, []);
  return {
    selectorOpen,
    setSelectorOpen,
    selectorMode,
    applyError,
    setApplyError,
    tooltipClosed,
    setTooltipClosed,
    onward,
    goOnward,
    openSelector,
    closeSelector,
  };
}

/** Sends a §4 mode change and takes its answer: the selector closes, lost and re-priced products open. */
function useDeliveryApply({
  setApplyError,
  setSelectorOpen,
  setTooltipClosed,
  onward,
  goOnward,
}: SelectorDialog) {
  const fetcher = useFetcher<DeliveryActionResult>({ key: 'delivery:apply' });
  const [lostProducts, setLostProducts] = useState<LostProduct[]>([]);
  const [repricedProducts, setRepricedProducts] = useState<RepricedLine[]>([]);
  const [previous, setPrevious] = useState<DeliveryChoice | null>(null);
  const seen = useRef<DeliveryActionResult | undefined>(undefined);
  // The default pickup applied on login is not the shopper's answer to the selector: it must not close a selector
  // that 'Ir a pagar' opened meanwhile.
  const answersSelector = useRef(true);
  // One answer of the mode change, taken once: it closes the selector, opens the notices and sends the shopper
  // on (refs and the dialog's state are the point; the compiler's rules read this as mutation after render).
  /* eslint-disable react-hooks/immutability, react-hooks/set-state-in-effect */
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || seen.current === result) return;
    seen.current = result;
    setApplyError(result.error ?? null);
    if (result.previous) {
      rememberPreviousChoice(result.previous);
      setPrevious(result.previous);
    }
    if (result.choice && !result.error && answersSelector.current) {
      setSelectorOpen(false);
      // Lost products are decided on this page first (§4); the shopper then presses 'Ir a pagar' again.
      if (result.lostProducts.length) onward.current = null;
      // Changed prices are read here first: the shopper goes on once the notice is closed.
      else if (!result.repricedProducts?.length) goOnward();
    }
    if (result.choice) setTooltipClosed(false);
    setLostProducts(result.lostProducts);
    setRepricedProducts(result.repricedProducts ?? []);
    // Only the fetcher's state and answer change: the dialog's setters, ref and goOnward are stable.
  }, [fetcher.state, fetcher.data, setApplyError, setSelectorOpen, setTooltipClosed, onward, goOnward]);
  /* eslint-enable react-hooks/immutability, react-hooks/set-state-in-effect */

  // The fetcher's submit is stable across renders (the fetcher object is not).
  const { submit } = fetcher;
  const apply = useCallback(
    (intent: DeliveryIntent) => {
      answersSelector.current = intent.intent !== 'defaultPickup';
      void submit(intent as unknown as Parameters<typeof submit>[0], {
        method: 'post',
        action: DELIVERY_ACTION_PATH,
        encType: 'application/json',
      });
    },
    [submit],
  );
  return {
    apply,
    applying: fetcher.state !== 'idle',
    lostProducts,
    setLostProducts,
    repricedProducts,
    setRepricedProducts,
    previous,
  };
}

/** §4 cart lifecycle: a logged-in shopper without a choice gets the default store pickup, once. */
function useDefaultPickup(choice: DeliveryChoice | null, apply: (intent: DeliveryIntent) => void): void {
  const { account } = useAccount();
  const defaultApplied = useRef(false);
  const loggedIn = account !== null;
  useEffect(() => {
    if (!loggedIn || choice || defaultApplied.current) return;
    defaultApplied.current = true;
    apply({ intent: 'defaultPickup' });
  }, [loggedIn, choice, apply]);
}
