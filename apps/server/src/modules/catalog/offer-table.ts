import { CHAIN_SELLER_ID } from '@despensa/domain';
import type { Offer } from './index-types';
import { PACKED_OFFER_BYTES } from './repo';

/** The chain's price and stock per sku slot in one sales channel; -1 where it does not sell the sku. */
interface ChannelOffers {
  price: Int32Array;
  listPrice: Int32Array;
  /**
   * Units in stock in two bytes (a national chain's 13 million offers: 27 MB less than four); MANY_UNITS
   * says the count is in `manyUnits`, by slot: few offers have that many.
   */
  quantity: Uint16Array;
  manyUnits: Map<number, number>;
}

const MANY_UNITS = 0xffff;

function setUnits(channel: ChannelOffers, slot: number, units: number): void {
  if (units >= MANY_UNITS) channel.manyUnits.set(slot, units);
  else if (channel.manyUnits.size > 0) channel.manyUnits.delete(slot);
  channel.quantity[slot] = Math.min(units, MANY_UNITS);
}

function unitsAt(channel: ChannelOffers, slot: number): number {
  const units = channel.quantity[slot]!;
  return units === MANY_UNITS ? channel.manyUnits.get(slot)! : units;
}

/**
 * Every seller's offers of the index's skus, by sku slot and sales channel: the chain's in typed columns
 * (one per channel, as many slots as skus), the other sellers' as lists.
 */
export class OfferTable {
  private readonly channels = new Map<number, ChannelOffers>();
  /** Other sellers' offers, by sku slot then sales channel. */
  private readonly marketplace = new Map<number, Map<number, Offer[]>>();
  private readonly knownChannels = new Set<number>();

  constructor(private readonly slots: number) {}

  add(slot: number, salesChannel: number, offer: Offer): void {
    this.knownChannels.add(salesChannel);
    if (offer.sellerId === CHAIN_SELLER_ID) {
      this.addChain(slot, salesChannel, offer.price, offer.listPrice, offer.availableQuantity);
    } else {
      let bySku = this.marketplace.get(slot);
      if (!bySku) this.marketplace.set(slot, (bySku = new Map()));
      const offers = bySku.get(salesChannel) ?? [];
      offers.push(offer);
      bySku.set(salesChannel, offers);
    }
  }

  /** The chain's offer, without an object per offer (millions of them at a national chain's catalogue). */
  addChain(slot: number, salesChannel: number, price: number, listPrice: number, quantity: number): void {
    this.knownChannels.add(salesChannel);
    const channel = this.channel(salesChannel);
    channel.price[slot] = price;
    channel.listPrice[slot] = listPrice;
    setUnits(channel, slot, quantity);
  }

  /** The chain's offers of one sku as PostgreSQL packed them (repo's chainOfferBatches), 16 bytes each. */
  addChainPacked(slot: number, packed: Buffer): void {
    for (let at = 0; at + PACKED_OFFER_BYTES <= packed.length; at += PACKED_OFFER_BYTES) {
      const salesChannel = packed.readInt32BE(at);
      const price = packed.readInt32BE(at + 4);
      this.addChain(slot, salesChannel, price, packed.readInt32BE(at + 8), packed.readInt32BE(at + 12));
    }
  }

  /** Whether any seller offers anything in the channel. */
  has(salesChannel: number): boolean {
    return this.knownChannels.has(salesChannel);
  }

  get salesChannels(): number[] {
    return [...this.knownChannels].sort((a, b) => a - b);
  }

  /** Every seller's offer for the sku in this slot in a channel, the chain first. */
  offersAt(slot: number, salesChannel: number): Offer[] {
    const offers: Offer[] = [];
    const channel = this.channels.get(salesChannel);
    if (channel && channel.price[slot]! >= 0) {
      offers.push({
        sellerId: CHAIN_SELLER_ID,
        price: channel.price[slot]!,
        listPrice: channel.listPrice[slot]!,
        availableQuantity: unitsAt(channel, slot),
      });
    }
    offers.push(...(this.marketplace.get(slot)?.get(salesChannel) ?? []));
    return offers;
  }

  /** Sets one offer's units; answers its units before, or null when there is no such offer. */
  setQuantity(slot: number, salesChannel: number, sellerId: string, quantity: number): number | null {
    if (sellerId === CHAIN_SELLER_ID) {
      const channel = this.channels.get(salesChannel);
      if (!channel || channel.price[slot]! < 0) return null;
      const before = unitsAt(channel, slot);
      setUnits(channel, slot, quantity);
      return before;
    }
    const offers = this.marketplace.get(slot)?.get(salesChannel);
    const at = offers?.findIndex((offer) => offer.sellerId === sellerId) ?? -1;
    if (!offers || at < 0) return null;
    const before = offers[at]!.availableQuantity;
    // A new object: views and answers already handed out keep the old one.
    offers[at] = { ...offers[at]!, availableQuantity: quantity };
    return before;
  }

  /** Sets one offer's prices (an ERP's price write); false when there is no such offer. */
  setPrice(slot: number, salesChannel: number, sellerId: string, price: number, listPrice: number): boolean {
    if (sellerId === CHAIN_SELLER_ID) {
      const channel = this.channels.get(salesChannel);
      if (!channel || channel.price[slot]! < 0) return false;
      channel.price[slot] = price;
      channel.listPrice[slot] = listPrice;
      return true;
    }
    const offers = this.marketplace.get(slot)?.get(salesChannel);
    const at = offers?.findIndex((offer) => offer.sellerId === sellerId) ?? -1;
    if (!offers || at < 0) return false;
    offers[at] = { ...offers[at]!, price, listPrice };
    return true;
  }

  private channel(salesChannel: number): ChannelOffers {
    let channel = this.channels.get(salesChannel);
    if (!channel) {
      channel = {
        price: new Int32Array(this.slots).fill(-1),
        listPrice: new Int32Array(this.slots).fill(-1),
        quantity: new Uint16Array(this.slots),
        manyUnits: new Map(),
      };
      this.channels.set(salesChannel, channel);
    }
    return channel;
  }
}
