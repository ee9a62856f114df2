import { useId } from 'react';
import { DELIVERY_METHOD_LIST, type DeliveryMethodKind } from '@despensa/domain';
import { failureMessages } from '@despensa/contracts';
import { Dialog } from '../../ui/dialog';
import { AddressChoice } from './address-choice';
import { ComunaPreview } from './comuna-preview';
import { useDelivery } from './delivery-context';
import { SelectorMessages } from './selector-messages';
import { StoreChoice } from './store-choice';
import { useDeliverySelection, type DeliverySelection } from './use-delivery-selection';
import { WindowChoice } from './window-choice';

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
  const selection = useDeliverySelection();
  const { current, heldWindow, window, pickWindow } = selection;
  return (
    <div className="delivery-selector">
      <ModeChoice mode={selection.mode} onChange={selection.setMode} />
      <PlaceChoice selection={selection} />
      <SelectorMessages selection={selection} />
      {current && current.windows.length > 0 ? (
        <WindowChoice windows={current.windows} held={heldWindow} selected={window} onChange={pickWindow} />
      ) : null}
      <SelectorActions selection={selection} />
    </div>
  );
}

function ModeChoice({
  mode,
  onChange,
}: {
  mode: DeliveryMethodKind;
  onChange: (mode: DeliveryMethodKind) => void;
}) {
  return (
    <fieldset className="delivery-selector__modes">
      <legend className="delivery-selector__legend">Modo de entrega</legend>
      {DELIVERY_METHOD_LIST.map((method) => (
        <label key={method.kind} className="delivery-selector__mode">
          <input
            type="radio"
            name="delivery-mode"
            value={method.kind}
            checked={mode === method.kind}
            onChange={() => onChange(method.kind)}
          />
          <span className="delivery-selector__mode-name">{method.name}</span>
          <span className="delivery-selector__mode-hint">{MODE_HINTS[method.kind]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The place for the mode: a comuna before logging in, an address, or a store. */
function PlaceChoice({ selection }: { selection: DeliverySelection }) {
  const { options, preview, addressMode, addressId, mode, origin, storeId } = selection;
  const data = options.data;
  if (!data) return <p role="status">Cargando opciones…</p>;
  if (preview) return <ComunaPreview comunaCode={selection.comunaCode} onChange={selection.setComunaCode} />;
  if (addressMode) {
    return (
      <AddressChoice
        options={data}
        addressId={addressId}
        onChange={selection.setAddressId}
        onAdded={(id) => {
          // The new address is the shopper's choice, once the options list it.
          options.retry();
          selection.setAddressId(id);
        }}
      />
    );
  }
  return (
    <StoreChoice
      options={data}
      mode={mode}
      origin={origin}
      storeId={storeId}
      onChange={selection.setStoreId}
    />
  );
}

/** Cancel and confirm; confirming needs a place offered, coverage and (in a scheduled mode) a window. */
function SelectorActions({ selection }: { selection: DeliverySelection }) {
  const { delivery, validPlace, blocked, missingWindow, confirm } = selection;
  const reasonId = useId();
  return (
    <>
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
    </>
  );
}
