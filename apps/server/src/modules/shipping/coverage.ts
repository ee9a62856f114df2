import { randomUUID } from 'node:crypto';
import {
  COUNTRY_CODE_ISO3,
  storeOffersPickup,
  compileZone,
  coverageAt,
  haversineKm,
  nearestStore,
  type CompiledZone,
  type CoverageState,
  type LngLat,
} from '@despensa/domain';
import {
  Failure,
  type SalesChannelAtPoint,
  type StoreGeolocation,
  type StoreOperations,
  type WithdrawalStores,
} from '@despensa/contracts';
import type { Database } from '../../db/client';
import type { StoreRow, StoresService } from '../stores/service';
import { insertLookup, listZones, logLookup } from './repo';

export interface StoreEntry {
  row: StoreRow;
  operations: StoreOperations;
  coordinates: LngLat;
}

/** The store serving a point, how the point is covered and how far the store is. */
export interface Serving {
  coverageState: CoverageState;
  store: StoreEntry | null;
  distanceKm: number | null;
}

/**
 * Which store serves a point (§4 sales channel, §7 geolocation). Stores and coverage zones live in memory
 * (rebuilt from the database by `reload`), so answering which store serves a point is a few polygon tests.
 */
export class StoreCoverage {
  private byChannel = new Map<number, StoreEntry>();
  private entries: StoreEntry[] = [];
  private zones: CompiledZone[] = [];

  constructor(
    private readonly database: Database,
    private readonly storesService: StoresService,
    private readonly clock: () => Date,
  ) {}

  /** Rebuilds the in-memory stores and zones from the database (on start, and after a change). */
  async reload(): Promise<void> {
    const [rows, zones] = await Promise.all([this.storesService.activeRows(), listZones(this.database.db)]);
    this.entries = rows.map((row) => ({
      row,
      operations: storeOperations(row),
      coordinates: [row.lng, row.lat],
    }));
    this.byChannel = new Map(this.entries.map((entry) => [entry.row.salesChannel, entry]));
    this.zones = zones.map((zone) => compileZone({ ...zone, kind: zone.kind }));
  }

  /** Every active store. */
  get stores(): readonly StoreEntry[] {
    return this.entries;
  }

  storeOf(salesChannel: number): StoreEntry | null {
    return this.byChannel.get(salesChannel) ?? null;
  }

  storeById(storeId: string): StoreEntry | undefined {
    return this.entries.find((entry) => entry.row.id === storeId);
  }

  requireStore(salesChannel: number): StoreEntry {
    const store = this.byChannel.get(salesChannel);
    if (!store) {
      throw new Failure('storeNotFound', {
        message: `No existe una tienda con el canal de venta ${salesChannel}`,
      });
    }
    return store;
  }

  /** The store serving a point for home delivery: the requested channel if it covers it, else the nearest. */
  serving(point: LngLat, preferred?: number): Serving {
    const coverage = coverageAt(point, this.zones);
    const candidates = coverage.salesChannels
      .map((sc) => this.byChannel.get(sc))
      .filter((entry): entry is StoreEntry => entry !== undefined);
    if (candidates.length === 0) {
      return {
        coverageState: coverage.state === 'covered' ? 'outOfCoverage' : coverage.state,
        store: null,
        distanceKm: null,
      };
    }
    const chosen = candidates.find((entry) => entry.row.salesChannel === preferred);
    const nearest = chosen
      ? { store: chosen, distanceKm: haversineKm(point, chosen.coordinates) }
      : nearestStore(point, candidates)!;
    return { coverageState: 'covered', store: nearest.store, distanceKm: nearest.distanceKm };
  }

  salesChannelAt(point: LngLat): SalesChannelAtPoint {
    const { coverageState, store, distanceKm } = this.serving(point);
    return {
      message: 'success',
      payload: {
        coverageState,
        store: store?.operations ?? null,
        distanceKm: distanceKm === null ? null : Math.round(distanceKm * 100) / 100,
      },
    };
  }

  /** GET /api/store/geolocation: the same answer plus a uuid, stored so an order can log against it. */
  async storeGeolocation(point: LngLat): Promise<StoreGeolocation> {
    const answer = this.salesChannelAt(point);
    const uuid = randomUUID();
    await insertLookup(this.database.db, {
      uuid,
      lng: point[0],
      lat: point[1],
      salesChannel: answer.payload.store?.sc ?? null,
      coverageState: answer.payload.coverageState,
      createdAt: this.clock(),
    });
    return { ...answer, uuid };
  }

  async logGeolocation(uuid: string, orderId: string): Promise<void> {
    if (!(await logLookup(this.database.db, uuid, orderId, this.clock()))) {
      throw new Failure('notFound', { message: 'No existe esa consulta de geolocalización' });
    }
  }

  withdrawalStores(): WithdrawalStores {
    return {
      message: 'success',
      payload: {
        stores: this.entries.filter((s) => storeOffersPickup(s.row)).map((s) => s.operations),
      },
    };
  }
}

function storeOperations(row: StoreRow): StoreOperations {
  return {
    name: row.name,
    sc: row.salesChannel,
    value: String(row.salesChannel),
    seller: row.sellerId,
    warehouse_id: row.warehouseId,
    coordinates: [row.lng, row.lat],
    sc_virtual: null,
    active: row.active,
    address: row.address,
    auto: row.car,
    store: row.pickup,
    express: row.express,
    storeId: row.id,
    comuna: row.comuna,
    region: row.region,
    regionCode: row.regionCode,
    openingHours: row.openingHours,
  };
}

/** A store as the cart's pickup point (§3 shippingData.pickupPoints). */
export function pickupPoint(store: StoreEntry): Record<string, unknown> {
  return {
    id: store.row.id,
    friendlyName: store.row.name,
    address: {
      addressType: 'pickup',
      street: store.row.address,
      neighborhood: store.row.comuna,
      state: store.row.region,
      country: COUNTRY_CODE_ISO3,
      geoCoordinates: store.coordinates,
    },
  };
}
