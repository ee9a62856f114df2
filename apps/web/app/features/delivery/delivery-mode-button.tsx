import { Icon } from '../../ui/icon';
import { DeliveryPrompt } from '../cart';
import { choiceSummary, shortPlace } from './choice';
import { useDeliveryOptional } from './delivery-context';
import { NoCoverage } from './no-coverage';
import { windowFee, windowLine } from './window-label';

/**
 * The header's delivery-mode button (§2): 'Elige tu modo de entrega' until a mode is chosen, then the
 * mode and the address or store. Under it: the 'select delivery method' popover after an add, and for
 * home delivery to an exclusion zone the no-coverage popover (the exclusion-zone tooltip on mobile).
 */
export function DeliveryModeButton() {
  const delivery = useDeliveryOptional();
  const summary = choiceSummary(delivery?.choice ?? null);
  const place = shortPlace(delivery?.choice ?? null);
  const window = delivery?.chosenWindow ?? null;
  return (
    <div className="delivery-mode">
      <button
        id="modo-de-entrega"
        type="button"
        className="delivery-button"
        aria-haspopup="dialog"
        onClick={() => delivery?.openSelector()}
      >
        <Icon name="truck" />
        {summary ? (
          <span className="delivery-button__choice">
            {/* The fee (the window's, or express's) rides with the mode: the lines below have no room to spare. */}
            <span className="delivery-button__mode">
              {summary.mode}
              {delivery && delivery.fee !== null ? ` · ${windowFee(delivery.fee)}` : ''}
            </span>
            {/* §9: the header is short of space, so the line is cut there, by the street: the number and
                comuna stay in sight even where the street shrinks further; the whole line on hover. */}
            <span className="delivery-button__place" title={summary.place}>
              <span className="delivery-button__place-head">{place?.head}</span>
              {place?.rest ? <span className="delivery-button__place-rest">{place.rest}</span> : null}
            </span>
            {window ? <span className="delivery-button__window">{windowLine(window)}</span> : null}
          </span>
        ) : (
          <span>Elige tu modo de entrega</span>
        )}
        <Icon name="chevron-down" size={18} />
      </button>
      <DeliveryPrompt />
      {delivery?.exclusionTooltipOpen ? (
        <section className="delivery-no-coverage delivery-no-coverage--popover" aria-label="Sin cobertura">
          <NoCoverage
            variant={delivery.noCoverageVariant}
            onPickup={() => delivery.openSelector('storePickup')}
            onOtherAddress={() => delivery.openSelector('homeDelivery')}
            onReviewStores={delivery.closeExclusionTooltip}
          />
        </section>
      ) : null}
    </div>
  );
}
