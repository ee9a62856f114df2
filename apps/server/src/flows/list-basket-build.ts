import {
  customerViewer,
  failureCodeOf,
  parseListSkus,
  type FailureCode,
  type OrderForm,
} from '@despensa/contracts';
import {
  CHAIN_SELLER_ID,
  DELIVERY_METHODS,
  deliveryMethodById,
  isCollaborator,
  itemsValueOf,
  zonedInstant,
} from '@despensa/domain';
import type { CartService } from '../modules/cart/service';
import type { ListsService } from '../modules/lists/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { UserService } from '../modules/user/service';
import type { WalletService } from '../modules/wallet/service';
import { attachShippingFlow } from './attach-shipping';
import { defineFlow, type FlowContext } from './flow';
import { basketOf } from './list-baskets';

/** The modules a recurring list's basket is built, placed and released with. */
export interface ListBasketModules {
  lists: ListsService;
  cart: CartService;
  users: UserService;
  delivery: DeliveryService;
  wallet: WalletService;
}

/** Another instance (or the shopper's skip) recorded the run first: this build is undone. */
export class RunRecordedAlready extends Error {}

interface BuildInput {
  listId: string;
  userId: string;
  run: { deliveryDate: string; cutOffAt: string };
}

export interface BuildResult {
  orderFormId: string | null;
  items: number;
  value: number;
  missing: number;
  window: { startDateUtc: string; endDateUtc: string } | null;
  failure: FailureCode | null;
}

type Profile = Awaited<ReturnType<UserService['profile']>>;

/** The shopper's usual delivery: what their own cart keeps from the last order, or chose since. */
interface UsualDelivery {
  profile: Profile;
  choice: Awaited<ReturnType<CartService['deliveryChoiceOf']>>['deliveryChoice'] | null;
  orderForm: OrderForm | null;
}

/**
 * Building a scheduled list's basket: the shopper's usual delivery (the mode, address and store their cart
 * keeps from the last order, or chose since) read; a new cart of theirs in that store with the list's
 * products in stock that day at that day's prices (undo: emptied); a window of that mode held until the
 * cut-off (the delivery day's first with room, else the next with room; the shipping module's hold in this
 * transaction); the run recorded. Without a usual mode or a window with room, the run is recorded failed.
 */
export function buildBasketFlow(modules: ListBasketModules, cutOffHoldMs: (cutOffAt: Date) => number) {
  const { lists, cart, users } = modules;
  const holdWindow = windowHolder(modules, cutOffHoldMs);
  return defineFlow<BuildInput, BuildResult>('build-list-basket', async (input, context) => {
    const { tx, step } = context;
    const { listId, userId } = input;
    const list = await lists.get(userId, listId);
    const usual = await step('readUsualDelivery', async (): Promise<UsualDelivery> => {
      const profile = await users.profile(userId);
      if (!profile.orderFormId) return { profile, choice: null, orderForm: null };
      const { deliveryChoice, orderForm } = await cart.deliveryChoiceOf(profile.orderFormId, tx);
      return { profile, choice: deliveryChoice, orderForm };
    });
    const salesChannel = usual.choice?.salesChannel ?? Number(usual.orderForm?.salesChannel);
    const viewer = customerViewer(userId);
    const basket = await step(
      'createBasket',
      () => fillBasket(cart, userId, usual, parseListSkus(list.skus) ?? {}, salesChannel),
      async ({ form }) => {
        await cart.removeAll(viewer, form.orderFormId);
      },
    );
    const orderFormId = basket.form.orderFormId;
    const { window, failure } = await holdWindow(input.run, usual, salesChannel, orderFormId, context);
    const priced = await cart.ownerView(orderFormId);
    await step('recordRun', async () => {
      const recorded = await lists.recordBuilt(
        userId,
        listId,
        { deliveryDate: input.run.deliveryDate, cutOffAt: new Date(input.run.cutOffAt) },
        {
          status: failure ? 'failed' : 'built',
          orderFormId,
          basket: basketOf(priced.items),
          windowStart: window ? new Date(window.startDateUtc) : null,
          failure,
        },
        tx,
      );
      if (!recorded) throw new RunRecordedAlready();
    });
    return {
      orderFormId,
      items: priced.items.length,
      value: itemsValueOf(priced),
      missing: basket.missing,
      window,
      failure,
    };
  });
}

/**
 * A new cart of the shopper's in the usual store, with the list's products that can be sold that day and the
 * shopper's contact data; `missing` counts the products left out.
 */
async function fillBasket(
  cart: CartService,
  userId: string,
  usual: UsualDelivery,
  skus: Record<string, number>,
  salesChannel: number,
): Promise<{ form: OrderForm; missing: number }> {
  const viewer = customerViewer(userId);
  const created = await cart.create({}, salesChannel || undefined);
  // The shopper's own prices: collaborator and Prime member prices follow them to the basket.
  await cart.assignToUser({ ...viewer, heldOrderFormId: created.orderFormId }, created.orderFormId, {
    collaborator: isCollaborator(usual.profile),
    prime: usual.profile.CencoPrime_2020,
  });
  let missing = 0;
  // One at a time, so a product not sold or out of stock that day leaves the rest in.
  for (const [id, quantity] of Object.entries(skus)) {
    try {
      await cart.updateItems(viewer, created.orderFormId, [{ id, quantity, seller: CHAIN_SELLER_ID }]);
    } catch (error) {
      if (!failureCodeOf(error) || failureCodeOf(error) === 'internal') throw error;
      missing += 1;
    }
  }
  const form = await cart.setClientProfile(viewer, created.orderFormId, contactOf(usual));
  return { form, missing };
}

/** The contact data the usual cart knows, else the profile's. */
function contactOf({ orderForm, profile }: UsualDelivery) {
  const known = orderForm?.clientProfileData;
  const document = known?.document ?? profile.document;
  const phone = known?.phone ?? profile.homePhone;
  return {
    email: known?.email ?? profile.email,
    ...(document ? { document } : {}),
    ...(phone ? { phone } : {}),
    firstName: known?.firstName ?? profile.firstName,
    lastName: known?.lastName ?? profile.lastName,
  };
}

/**
 * Holds a window of the usual mode on the delivery day (or the next with room) until after the cut-off, in
 * the flow's transaction (the shipping module's attach); the failure when there is no mode or no room.
 */
function windowHolder(modules: ListBasketModules, cutOffHoldMs: (cutOffAt: Date) => number) {
  const attach = attachShippingFlow(modules);
  return async (
    run: BuildInput['run'],
    usual: UsualDelivery,
    salesChannel: number,
    orderFormId: string,
    context: FlowContext,
  ): Promise<Pick<BuildResult, 'window' | 'failure'>> => {
    const method = usual.choice?.selectedSla ? deliveryMethodById(usual.choice.selectedSla) : undefined;
    // Express has no windows: a delivery planned days ahead comes home in a window instead.
    const mode = method?.kind === 'express' ? DELIVERY_METHODS.homeDelivery : method;
    if (!mode) return { window: null, failure: 'listNoUsualDelivery' };
    const [year, month, day] = run.deliveryDate.split('-').map(Number) as [number, number, number];
    const window = await modules.delivery.firstWindowWithRoom(
      salesChannel,
      mode.kind,
      zonedInstant(year, month, day, 0, 0),
    );
    if (!window) return { window: null, failure: 'listNoWindowWithRoom' };
    const address = usual.orderForm?.shippingData.address ?? null;
    await attach.run(
      {
        orderFormId,
        sc: salesChannel,
        holdMs: cutOffHoldMs(new Date(run.cutOffAt)),
        body: {
          ...(address ? { address, selectedAddresses: [address], availableAddresses: [address] } : {}),
          logisticsInfo: [{ itemIndex: 0, selectedSla: mode.id, deliveryWindow: window }],
        },
      },
      context,
    );
    return { window, failure: null };
  };
}
