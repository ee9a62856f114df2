import { useState } from 'react';
import {
  isAddressMethod,
  modeNeedsWindow,
  servedMode,
  storeOffersMode,
  type DeliveryMethodKind,
  type LngLat,
} from '@despensa/domain';
import { useJsonLoad, type JsonLoad } from '../../lib/use-json-load';
import { methodKindOf } from './choice';
import { useDelivery } from './delivery-context';
import {
  DELIVERY_ACTION_PATH,
  type DeliveryOptions,
  type DeliveryQuoteResult,
  type DeliveryWindowRef,
} from './delivery-intents';
import { DEFAULT_ORIGIN } from './distance';

/** The place the selector quotes: an address, a store, or (before logging in) a comuna. */
interface Place {
  addressId: string | null;
  addressMode: boolean;
  /** Before logging in, a comuna stands for the address: its windows and fee, not yet a choice. */
  preview: boolean;
  /** A place offered in this mode, that confirming may save. */
  validPlace: boolean;
  quotable: boolean;
  quoteUrl: string | null;
  /** Where store distances are measured from: the chosen address, else the default origin. */
  origin: LngLat;
}

/** What the quote allows: whether confirming is blocked, and the notes that say why. */
interface Verdict {
  result: DeliveryQuoteResult | undefined;
  current: DeliveryQuoteResult['quote'];
  blocked: boolean;
  noCoverage: boolean;
  expressUnavailable: boolean;
  missingWindow: boolean;
}

export type DeliverySelection = ReturnType<typeof useDeliverySelection>;

/**
 * The selector's state: the mode, the place, the window picked, and what the quote for them allows.
 * Once per opening (the selector's body mounts when the dialog opens) it loads the options; the last
 * answer shows while they come.
 */
export function useDeliverySelection() {
  const delivery = useDelivery();
  const { choice, selectorMode } = delivery;
  const options = useJsonLoad<DeliveryOptions>(`${DELIVERY_ACTION_PATH}?vista=opciones`, { reuseLast: true });
  const [mode, setMode] = useState<DeliveryMethodKind>(
    selectorMode ?? methodKindOf(choice) ?? 'homeDelivery',
  );
  const [chosenAddressId, setAddressId] = useState<string | null>(choice?.addressId ?? null);
  const [storeId, setStoreId] = useState<string | null>(choice?.storeId ?? null);
  const [comunaCode, setComunaCode] = useState<string | null>(null);
  const place = placeOf(options.data, mode, chosenAddressId, storeId, comunaCode);
  const { quote, heldWindow, window, pickWindow } = useWindowQuote(place.quoteUrl);
  const verdict = verdictOf(mode, place, quote, window);

  const confirm = () => {
    if (!place.validPlace) return;
    delivery.apply({
      intent: 'apply',
      mode: servedMode(mode, !verdict.expressUnavailable),
      addressId: place.addressMode ? place.addressId : null,
      storeId: place.addressMode ? null : storeId,
      window,
    });
  };

  return {
    delivery,
    options,
    quote,
    mode,
    setMode,
    setAddressId,
    storeId,
    setStoreId,
    comunaCode,
    setComunaCode,
    heldWindow,
    window,
    pickWindow,
    confirm,
    ...place,
    ...verdict,
  };
}

/** The quote follows the mode and the place; so does the window picked there. */
function useWindowQuote(quoteUrl: string | null): {
  quote: JsonLoad<DeliveryQuoteResult>;
  heldWindow: DeliveryWindowRef | null;
  window: DeliveryWindowRef | null;
  pickWindow: (chosen: DeliveryWindowRef) => void;
} {
  // The window the shopper picked, for the mode and place it was picked under.
  const [picked, setPicked] = useState<{ quoteUrl: string; window: DeliveryWindowRef } | null>(null);
  const quote = useJsonLoad<DeliveryQuoteResult>(quoteUrl);
  const heldWindow = quote.data?.quote?.heldWindow ?? null;
  // A new mode or place starts with no window picked: the one the cart holds there, if any.
  const window = picked && picked.quoteUrl === quoteUrl ? picked.window : heldWindow;
  const pickWindow = (chosen: DeliveryWindowRef) => {
    if (quoteUrl) setPicked({ quoteUrl, window: chosen });
  };
  return { quote, heldWindow, window, pickWindow };
}

function placeOf(
  data: DeliveryOptions | undefined,
  mode: DeliveryMethodKind,
  chosenAddressId: string | null,
  storeId: string | null,
  comunaCode: string | null,
): Place {
  // A shopper with one saved address has it chosen from the start.
  const soleAddress = data?.addresses.length === 1 ? data.addresses[0]!.addressId : null;
  const addressId = chosenAddressId ?? soleAddress;
  const addressMode = isAddressMethod(mode);
  const placeId = addressMode ? addressId : storeId;
  const preview = addressMode && data?.loggedIn === false;
  const validPlace = placeId !== null && placeOffered(data, mode, placeId);
  const quotable = validPlace || (preview && comunaCode !== null);
  const placeQuery = preview
    ? `comuna=${encodeURIComponent(comunaCode ?? '')}`
    : `${addressMode ? 'direccion' : 'tienda'}=${encodeURIComponent(placeId ?? '')}`;
  const origin: LngLat =
    data?.addresses.find((entry) => entry.addressId === addressId)?.coordinates ?? DEFAULT_ORIGIN;
  return {
    addressId,
    addressMode,
    preview,
    validPlace,
    quotable,
    quoteUrl: quotable ? `${DELIVERY_ACTION_PATH}?vista=horarios&modo=${mode}&${placeQuery}` : null,
    origin,
  };
}

/** A place that is not offered in this mode (a store without Click al Auto…) is no choice at all. */
function placeOffered(data: DeliveryOptions | undefined, mode: DeliveryMethodKind, placeId: string): boolean {
  return isAddressMethod(mode)
    ? (data?.addresses.some((entry) => entry.addressId === placeId) ?? false)
    : (data?.stores.some((store) => store.storeId === placeId && storeOffersMode(store, mode)) ?? false);
}

function verdictOf(
  mode: DeliveryMethodKind,
  place: Place,
  quote: JsonLoad<DeliveryQuoteResult>,
  window: DeliveryWindowRef | null,
): Verdict {
  const result = place.quotable ? quote.data : undefined;
  const current = result?.quote;
  const blocked = current?.coverageState === 'outOfCoverage' || Boolean(result?.error);
  // An address the shop does not reach, excluded or simply out of range, is not a dead end: the whole §8
  // no-coverage text and its ways on (pickup, another address, the stores) stand for the short message.
  const noCoverage =
    place.addressMode &&
    (current?.coverageState === 'exclusionZone' || current?.coverageState === 'outOfCoverage');
  // Express that cannot be promised now is home delivery in the scheduled windows offered instead (the §7
  // 'Despacho Especial' answer), and confirming saves it as such.
  const expressUnavailable = mode === 'express' && current?.express?.available === false;
  // A scheduled mode is confirmed with a window (the server refuses it without one too); an excluded
  // address has none to offer and keeps its own ways on.
  const missingWindow =
    Boolean(current) && !noCoverage && modeNeedsWindow(servedMode(mode, !expressUnavailable)) && !window;
  return { result, current, blocked, noCoverage, expressUnavailable, missingWindow };
}
