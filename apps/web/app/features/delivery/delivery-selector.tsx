import { useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useJsonLoad } from '../../lib/use-json-load';
import {
  DELIVERY_METHODS,
  DELIVERY_METHOD_LIST,
  EXPRESS_UNAVAILABLE_MESSAGES,
  isAddressMethod,
  modeNeedsWindow,
  normalizeText,
  servedMode,
  storeOffersMode,
  type DeliveryMethodKind,
  type ExpressUnavailableReason,
  type LngLat,
} from '@despensa/domain';
import { failureMessages } from '@despensa/contracts';
import { Dialog } from '../../ui/dialog';
import { methodKindOf } from './choice';
import { useDelivery } from './delivery-context';
import {
  DELIVERY_ACTION_PATH,
  type DeliveryOptions,
  type DeliveryQuoteResult,
  type DeliveryWindowRef,
} from './delivery-intents';
import { DEFAULT_ORIGIN, byDistance, formatKm } from './distance';
import { HourTooltip } from './hour-tooltip';
import { AddressDialog } from '../account/address-dialog';
import { rememberPreviewedComuna } from '../account/previewed-comuna';
import { RegionComunaFields, useComunas, useRegions } from '../account/region-comuna-fields';
import { NoCoverage } from './no-coverage';
import { windowFee, windowHours, windowsByDay } from './window-label';

const MODE_HINTS: Record<DeliveryMethodKind, string> = {
  homeDelivery: 'Recibe tu pedido en tu dirección, en el horario que elijas.',
  storePickup: 'Retira tu pedido en la tienda que elijas.',
  carPickup: 'Te llevamos el pedido a tu auto en la tienda.',
  express: 'Recibe tu pedido en pocas horas.',
};

/** §2 delivery selector: the four §3 modes, an address or a store, coverage, windows and the express estimate. */
export function DeliverySelector() {
  const { selectorOpen, closeSelector } = useDelivery();
  return (
    <Dialog open={selectorOpen} title="Elige tu modo de entrega" onClose={() => closeSelector(false)}>
      <SelectorBody />
    </Dialog>
  );
}

function SelectorBody() {
  const delivery = useDelivery();
  const { choice, selectorMode } = delivery;
  // Once per opening (the body mounts when the dialog opens); the last answer shows while it comes.
  const options = useJsonLoad<DeliveryOptions>(`${DELIVERY_ACTION_PATH}?vista=opciones`, { reuseLast: true });
  const [mode, setMode] = useState<DeliveryMethodKind>(
    selectorMode ?? methodKindOf(choice) ?? 'homeDelivery',
  );
  const [addressId, setAddressId] = useState<string | null>(choice?.addressId ?? null);
  const [storeId, setStoreId] = useState<string | null>(choice?.storeId ?? null);
  // The window the shopper picked, for the mode and place it was picked under.
  const [picked, setPicked] = useState<{ quoteUrl: string; window: DeliveryWindowRef } | null>(null);
  // Before logging in, a comuna stands for the address: its windows and fee, not yet a choice.
  const [comunaCode, setComunaCode] = useState<string | null>(null);
  const addressMode = isAddressMethod(mode);
  const placeId = addressMode ? addressId : storeId;

  const data = options.data;
  const preview = addressMode && data?.loggedIn === false;
  // A place that is not offered in this mode (a store without Click al Auto…) is no choice at all.
  const validPlace =
    placeId !== null &&
    (addressMode
      ? (data?.addresses.some((entry) => entry.addressId === placeId) ?? false)
      : (data?.stores.some((store) => store.storeId === placeId && storeOffersMode(store, mode)) ?? false));

  const quotable = validPlace || (preview && comunaCode !== null);
  const placeQuery = preview
    ? `comuna=${encodeURIComponent(comunaCode ?? '')}`
    : `${addressMode ? 'direccion' : 'tienda'}=${encodeURIComponent(placeId ?? '')}`;
  const quoteUrl = quotable ? `${DELIVERY_ACTION_PATH}?vista=horarios&modo=${mode}&${placeQuery}` : null;
  // The quote follows the mode and the place.
  const quote = useJsonLoad<DeliveryQuoteResult>(quoteUrl);
  const heldWindow = quote.data?.quote?.heldWindow ?? null;
  // A new mode or place starts with no window picked: the one the cart holds there, if any.
  const window = picked && picked.quoteUrl === quoteUrl ? picked.window : heldWindow;
  const pickWindow = (chosen: DeliveryWindowRef) => {
    if (quoteUrl) setPicked({ quoteUrl, window: chosen });
  };

  const origin: LngLat =
    data?.addresses.find((entry) => entry.addressId === addressId)?.coordinates ?? DEFAULT_ORIGIN;
  const result = quotable ? quote.data : undefined;
  const current = result?.quote;
  const blocked = current?.coverageState === 'outOfCoverage' || Boolean(result?.error);
  // An address the shop does not reach, excluded or simply out of range, is not a dead end: the whole §8
  // no-coverage text and its ways on (pickup, another address, the stores) stand for the short message.
  const noCoverage =
    addressMode && (current?.coverageState === 'exclusionZone' || current?.coverageState === 'outOfCoverage');
  // Express that cannot be promised now is home delivery in the scheduled windows offered instead (the §7
  // 'Despacho Especial' answer), and confirming saves it as such.
  const expressUnavailable = mode === 'express' && current?.express?.available === false;
  // A scheduled mode is confirmed with a window (the server refuses it without one too); an excluded
  // address has none to offer and keeps its own ways on.
  const missingWindow =
    Boolean(current) && !noCoverage && modeNeedsWindow(servedMode(mode, !expressUnavailable)) && !window;
  const reasonId = useId();

  const confirm = () => {
    if (!validPlace) return;
    delivery.apply({
      intent: 'apply',
      mode: servedMode(mode, !expressUnavailable),
      addressId: addressMode ? addressId : null,
      storeId: addressMode ? null : storeId,
      window,
    });
  };

  return (
    <div className="delivery-selector">
      <fieldset className="delivery-selector__modes">
        <legend className="delivery-selector__legend">Modo de entrega</legend>
        {DELIVERY_METHOD_LIST.map((method) => (
          <label key={method.kind} className="delivery-selector__mode">
            <input
              type="radio"
              name="delivery-mode"
              value={method.kind}
              checked={mode === method.kind}
              onChange={() => setMode(method.kind)}
            />
            <span className="delivery-selector__mode-name">{method.name}</span>
            <span className="delivery-selector__mode-hint">{MODE_HINTS[method.kind]}</span>
          </label>
        ))}
      </fieldset>

      {!data ? (
        <p role="status">Cargando opciones…</p>
      ) : preview ? (
        <ComunaPreview comunaCode={comunaCode} onChange={setComunaCode} />
      ) : addressMode ? (
        <AddressChoice
          options={data}
          addressId={addressId}
          onChange={setAddressId}
          onAdded={(id) => {
            // The new address is the shopper's choice, once the options list it.
            options.retry();
            setAddressId(id);
          }}
        />
      ) : (
        <StoreChoice options={data} mode={mode} origin={origin} storeId={storeId} onChange={setStoreId} />
      )}

      {quotable && quote.loading ? <p role="status">Consultando disponibilidad…</p> : null}
      {(quotable && quote.failed) || options.failed ? (
        <p role="alert" className="delivery-selector__message">
          No pudimos consultar la disponibilidad.{' '}
          <button
            type="button"
            className="text-button"
            onClick={() => (options.failed ? options.retry() : quote.retry())}
          >
            Reintentar
          </button>
        </p>
      ) : null}
      {result?.error ? (
        <p role="alert" className="delivery-selector__message">
          {result.error}
        </p>
      ) : null}
      {noCoverage ? (
        <section className="delivery-no-coverage" aria-label="Sin cobertura">
          <NoCoverage
            variant={delivery.noCoverageVariant}
            onPickup={() => setMode('storePickup')}
            onOtherAddress={() => (preview ? setComunaCode(null) : setAddressId(null))}
            onReviewStores={() => delivery.closeSelector(true)}
          />
        </section>
      ) : null}
      {current?.message && !noCoverage ? (
        <p role="alert" className="delivery-selector__message">
          {current.message}
        </p>
      ) : null}
      {current && mode === 'express' ? (
        <div className="delivery-selector__express">
          {expressUnavailable ? (
            // No estimate then: it would promise what the reason takes back.
            <p className="delivery-selector__note">
              {EXPRESS_UNAVAILABLE_MESSAGES[current.express?.reason as ExpressUnavailableReason] ??
                'Despacho Express no está disponible ahora.'}{' '}
              Puedes elegir un horario de {DELIVERY_METHODS.homeDelivery.name}.
            </p>
          ) : current.estimateMinutes !== null ? (
            <p>
              Despacho Express: aproximadamente {current.estimateMinutes} minutos
              {current.price !== null ? ` · ${windowFee(current.price)}` : ''}
            </p>
          ) : null}
        </div>
      ) : null}
      {current && current.windows.length > 0 ? (
        <WindowChoice windows={current.windows} held={heldWindow} selected={window} onChange={pickWindow} />
      ) : null}

      {delivery.applyError ? (
        <p role="alert" className="delivery-selector__message">
          {delivery.applyError}
        </p>
      ) : null}
      {missingWindow && !blocked ? (
        <p id={reasonId} className="delivery-selector__note">
          {failureMessages.windowRequired}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => delivery.closeSelector(false)}
        >
          Cancelar
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={!validPlace || blocked || missingWindow || delivery.applying || undefined}
          aria-describedby={missingWindow && !blocked ? reasonId : undefined}
          onClick={() => {
            if (!blocked && !missingWindow && !delivery.applying) confirm();
          }}
        >
          {delivery.applying ? 'Guardando…' : 'Confirmar'}
        </button>
      </div>
    </div>
  );
}

function windowCapacity(window: { remaining: number }, held: boolean): string {
  if (held) return 'Reservado para ti';
  return window.remaining === 1 ? 'Queda 1 cupo' : `Quedan ${window.remaining} cupos`;
}

/**
 * Before logging in: region and comuna, to see home-delivery windows and fees there. Confirming needs
 * the shopper's account (their addresses); the full address is asked at checkout.
 */
function ComunaPreview({
  comunaCode,
  onChange,
}: {
  comunaCode: string | null;
  onChange: (code: string | null) => void;
}) {
  const { pathname, search } = useLocation();
  const id = useId();
  const [regionCode, setRegionCode] = useState('');
  const regions = useRegions(true);
  const comunas = useComunas(regionCode);
  return (
    <div className="delivery-selector__preview">
      <p>Elige tu comuna para ver los horarios y el costo del despacho.</p>
      <RegionComunaFields
        id={id}
        regions={regions}
        comunas={comunas}
        regionCode={regionCode}
        onRegionChange={(code) => {
          setRegionCode(code);
          onChange(null);
        }}
        comuna={comunaCode ?? ''}
        onComunaChange={(code) => {
          onChange(code || null);
          const name = comunas.find((each) => each.code === code)?.name;
          rememberPreviewedComuna(name ? { regionCode, name } : null);
        }}
        comunaValue="code"
      />
      <p className="delivery-selector__note">
        Para confirmar el despacho, ingresa a tu cuenta; tu dirección completa te la pedimos al pagar.{' '}
        <Link to={`/login-page?callback=${encodeURIComponent(pathname + search)}`}>Ingresar</Link>
      </p>
    </div>
  );
}

function AddressChoice({
  options,
  addressId,
  onChange,
  onAdded,
}: {
  options: DeliveryOptions;
  addressId: string | null;
  onChange: (id: string) => void;
  onAdded: (id: string) => void;
}) {
  // §2 address dialog, over the selector: the shopper adds an address without leaving the page.
  const [adding, setAdding] = useState(false);
  const addressDialog = (
    <AddressDialog open={adding} address={null} onClose={() => setAdding(false)} onSaved={onAdded} />
  );
  if (options.addresses.length === 0) {
    return (
      <div className="delivery-selector__notice">
        <p>Aún no tienes direcciones guardadas.</p>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          Agregar una dirección
        </button>
        {addressDialog}
      </div>
    );
  }
  return (
    <fieldset className="delivery-selector__places">
      <legend className="delivery-selector__legend">Tus direcciones</legend>
      {options.addresses.map((entry) => (
        <label key={entry.addressId} className="delivery-selector__place">
          <input
            type="radio"
            name="delivery-address"
            value={entry.addressId}
            checked={addressId === entry.addressId}
            onChange={() => onChange(entry.addressId)}
          />
          <span className="delivery-selector__place-name">{entry.label}</span>
          <span className="delivery-selector__place-line">{entry.displayLine}</span>
        </label>
      ))}
      <button type="button" className="text-button" onClick={() => setAdding(true)}>
        Agregar otra dirección
      </button>
      {addressDialog}
    </fieldset>
  );
}

function StoreChoice({
  options,
  mode,
  origin,
  storeId,
  onChange,
}: {
  options: DeliveryOptions;
  mode: DeliveryMethodKind;
  origin: LngLat;
  storeId: string | null;
  onChange: (id: string) => void;
}) {
  const searchId = useId();
  const [comuna, setComuna] = useState('');
  const stores = useMemo(() => {
    const wanted = normalizeText(comuna.trim());
    const offered = options.stores.filter(
      (store) => storeOffersMode(store, mode) && (!wanted || normalizeText(store.comuna).includes(wanted)),
    );
    return byDistance(offered, (store) => store.coordinates, origin);
  }, [options.stores, mode, comuna, origin]);
  return (
    <div className="delivery-selector__stores">
      <label htmlFor={searchId} className="delivery-selector__legend">
        Buscar por comuna
      </label>
      <input
        id={searchId}
        type="search"
        className="delivery-selector__search"
        value={comuna}
        onChange={(event) => setComuna(event.target.value)}
        autoComplete="off"
      />
      <fieldset className="delivery-selector__places">
        <legend className="delivery-selector__legend">Tiendas</legend>
        {stores.length === 0 ? <p>No encontramos tiendas en esa comuna.</p> : null}
        {stores.map(({ item: store, km }) => (
          <label key={store.storeId} className="delivery-selector__place">
            <input
              type="radio"
              name="delivery-store"
              value={store.storeId}
              checked={storeId === store.storeId}
              onChange={() => onChange(store.storeId)}
            />
            <span className="delivery-selector__place-name">{store.name}</span>
            <span className="delivery-selector__place-line">
              {store.address}, {store.comuna} · a {formatKm(km)}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}

function WindowChoice({
  windows,
  held,
  selected,
  onChange,
}: {
  windows: { startDateUtc: string; endDateUtc: string; price: number; remaining: number; full: boolean }[];
  /** The window the cart holds: it counts in the capacity, yet it is the shopper's to keep. */
  held: DeliveryWindowRef | null;
  selected: DeliveryWindowRef | null;
  onChange: (window: DeliveryWindowRef) => void;
}) {
  const key = (window: DeliveryWindowRef) => `${window.startDateUtc}/${window.endDateUtc}`;
  const heldKey = held ? key(held) : null;
  return (
    <fieldset className="delivery-selector__windows">
      <legend className="delivery-selector__legend">Horario de entrega</legend>
      <div className="delivery-selector__window-days">
        {windowsByDay(windows).map(({ day, windows: ofDay }) => (
          <fieldset key={day} className="delivery-selector__window-day">
            <legend className="delivery-selector__day">{day}</legend>
            <div className="delivery-selector__window-grid">
              {ofDay.map((window) => {
                const isHeld = key(window) === heldKey;
                const full = window.full && !isHeld;
                return (
                  <label
                    key={key(window)}
                    className={`delivery-selector__window${full ? ' delivery-selector__window--full' : ''}`}
                  >
                    <input
                      type="radio"
                      name="delivery-window"
                      value={key(window)}
                      disabled={full}
                      checked={selected !== null && key(selected) === key(window)}
                      onChange={() =>
                        onChange({ startDateUtc: window.startDateUtc, endDateUtc: window.endDateUtc })
                      }
                    />
                    <span>{windowHours(window)}</span>
                    <span className="delivery-selector__window-detail">
                      {full ? 'Completo' : `${windowFee(window.price)} · ${windowCapacity(window, isHeld)}`}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <HourTooltip windowKey={selected ? key(selected) : null} />
    </fieldset>
  );
}
