import { failureCodeOf, parseListSkus } from '@despensa/contracts';
import { CHAIN_SELLER_ID, DEFAULT_SALES_CHANNEL, formatCLP, isCollaborator } from '@despensa/domain';
import type { CartService } from '../modules/cart/service';
import type { ListsService } from '../modules/lists/service';
import type { UserService } from '../modules/user/service';
import type { Mailer } from '../providers/mail/mailer';

interface Modules {
  lists: ListsService;
  cart: CartService;
  users: UserService;
}

/**
 * §4 recurring lists (jobs/queue.ts runs it every minute). At a scheduled list's build time its basket is
 * built: a cart of the shopper's, in the channel of the cart they shop with (their usual mode's store),
 * holding the list's products that are in stock that day at that day's prices; the shopper is e-mailed a
 * link to review it. At the cut-off, a basket whose list is still scheduled is due to be placed; one whose
 * list was paused, unscheduled or whose delivery was skipped is not.
 */
export class RecurringLists {
  constructor(
    private readonly modules: Modules,
    private readonly mailer: Mailer,
    private readonly publicUrl: () => string,
    private readonly log: (message: string) => void,
  ) {}

  /** Builds every basket due now; answers how many were built. */
  async buildBaskets(): Promise<number> {
    const { lists, cart, users } = this.modules;
    let built = 0;
    for (const { list, userId, run } of await lists.basketsToBuild()) {
      const profile = await users.profile(userId);
      const salesChannel = await this.usualChannel(profile.orderFormId);
      const basket = await cart.create({}, salesChannel);
      await cart.assignToUser(basket.orderFormId, userId, {
        collaborator: isCollaborator(profile),
        prime: profile.CencoPrime_2020,
      });
      const viewer = { customerId: userId };
      const skus = parseListSkus(list.skus) ?? {};
      let priced = basket;
      const missing: string[] = [];
      // One at a time, so a product not sold or out of stock that day leaves the rest in.
      for (const [id, quantity] of Object.entries(skus)) {
        try {
          priced = await cart.updateItems(viewer, basket.orderFormId, [
            { id, quantity, seller: CHAIN_SELLER_ID },
          ]);
        } catch (error) {
          if (!failureCodeOf(error) || failureCodeOf(error) === 'internal') throw error;
          missing.push(id);
        }
      }
      // Recorded first: a second instance building the same basket stops here.
      if (!(await lists.recordBuilt(userId, list.id, run, basket.orderFormId))) continue;
      built += 1;
      await this.mailer.send({
        to: profile.email,
        subject: `Tu compra programada "${list.name}" está lista para revisar`,
        text: [
          `Hola ${profile.firstName}, armamos tu compra de la lista "${list.name}" para el ${run.deliveryDate}.`,
          `${priced.items.length} productos por ${formatCLP(priced.value)}.`,
          ...(missing.length > 0
            ? [`${missing.length} productos no están disponibles y no se incluyeron.`]
            : []),
          `Revísala, sáltala o paúsala antes del ${run.cutOffAt.toISOString()}: ${this.publicUrl()}/lista-de-compra?l=${encodeURIComponent(list.id)}`,
        ].join('\n'),
      });
    }
    if (built > 0) this.log(`built ${built} recurring-list baskets`);
    return built;
  }

  /** Closes the baskets whose cut-off passed; answers how many are due to be placed. */
  async closeCutOffs(): Promise<number> {
    const due = await this.modules.lists.closeCutOffs();
    if (due.length > 0) this.log(`${due.length} recurring-list baskets due to be placed`);
    return due.length;
  }

  private async usualChannel(orderFormId: string | null): Promise<number> {
    if (!orderFormId) return DEFAULT_SALES_CHANNEL;
    try {
      return Number((await this.modules.cart.ownerView(orderFormId)).salesChannel) || DEFAULT_SALES_CHANNEL;
    } catch {
      return DEFAULT_SALES_CHANNEL;
    }
  }
}
