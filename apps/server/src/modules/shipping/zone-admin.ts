import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { closedRing, polygonProblem } from '@despensa/domain';
import { Failure, type CoverageZoneBody, type CoverageZoneView } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { coverageZone } from './tables';

/**
 * The back office's coverage and exclusion zones of a store's sales channel, drawn on its map. A write
 * fires the table's trigger, so every instance reloads its coverage (and the pages that show it go).
 */
export class ZoneAdmin {
  constructor(private readonly database: Database) {}

  /** The channel's delivery and exclusion zones, and the exclusion zones that cut every channel. */
  async list(salesChannel: number): Promise<CoverageZoneView[]> {
    return this.database.db
      .select()
      .from(coverageZone)
      .where(
        or(
          eq(coverageZone.salesChannel, salesChannel),
          and(eq(coverageZone.kind, 'exclusion'), isNull(coverageZone.salesChannel)),
        ),
      )
      .orderBy(asc(coverageZone.kind), asc(coverageZone.name));
  }

  /** A zone for the channel: refused (zoneMalformed) unless every ring is a polygon the coverage can use. */
  async create(tx: Tx, salesChannel: number, body: CoverageZoneBody): Promise<CoverageZoneView> {
    if (polygonProblem(body.rings)) throw new Failure('zoneMalformed', { field: 'rings' });
    const [row] = await tx
      .insert(coverageZone)
      .values({
        id: `zone-${randomBytes(6).toString('hex')}`,
        kind: body.kind,
        salesChannel,
        name: body.name,
        rings: body.rings.map(closedRing),
      })
      .returning();
    return row!;
  }

  /** Removes one of the channel's zones; answers it as it was. */
  async remove(tx: Tx, salesChannel: number, zoneId: string): Promise<CoverageZoneView> {
    const [row] = await tx
      .delete(coverageZone)
      .where(and(eq(coverageZone.id, zoneId), eq(coverageZone.salesChannel, salesChannel)))
      .returning();
    if (!row) throw new Failure('zoneNotFound');
    return row;
  }
}
