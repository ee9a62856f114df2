import { ABANDONED_CART_AFTER_MS, ABANDONED_CART_UNTIL_MS, abandonedCartReminder } from '@despensa/domain';
import type { CartService } from '../modules/cart/service';
import type { NewsletterService } from '../modules/newsletter/service';
import type { PushService } from '../modules/push/service';
import type { UserService } from '../modules/user/service';
import type { Mailer } from '../providers/mail/mailer';

interface Modules {
  cart: Pick<CartService, 'claimAbandoned'>;
  users: Pick<UserService, 'email'>;
  newsletter: Pick<NewsletterService, 'count'>;
  push: Pick<PushService, 'notifyCustomer'>;
}

interface Providers {
  mailer: Mailer;
  /** Where shoppers reach the shop (the cart link of the e-mail). */
  publicUrl: () => string;
  log: (message: string) => void;
}

/** The cart page the reminder opens. */
const CART_PATH = '/mi-carro';

/**
 * §7 abandoned carts (run by the job queue): a customer's cart left with products ABANDONED_CART_AFTER_MS
 * gets one reminder. Consent: the e-mail goes only to an address subscribed to the newsletter; the push
 * only to the devices the customer registered (accepting the push invitation).
 */
export class AbandonedCarts {
  constructor(
    private readonly modules: Modules,
    private readonly providers: Providers,
    private readonly clock: () => Date,
  ) {}

  /** Reminds every cart left long enough and not reminded yet; answers how many. */
  async remind(): Promise<number> {
    const now = this.clock().getTime();
    const carts = await this.modules.cart.claimAbandoned({
      from: new Date(now - ABANDONED_CART_UNTIL_MS),
      before: new Date(now - ABANDONED_CART_AFTER_MS),
    });
    for (const cart of carts) {
      // One customer's failure (a mail server hiccup) never stops the others' reminders.
      await this.tell(cart.userId, cart.products).catch((error: unknown) =>
        this.providers.log(`abandoned-cart reminder failed: ${String(error)}`),
      );
    }
    return carts.length;
  }

  private async tell(userId: string, products: number): Promise<void> {
    const message = abandonedCartReminder(products, `${this.providers.publicUrl()}${CART_PATH}`);
    const email = await this.modules.users.email(userId);
    if ((await this.modules.newsletter.count(email)) > 0) {
      await this.providers.mailer.send({ to: email, subject: message.subject, text: message.text });
    }
    await this.modules.push.notifyCustomer(userId, {
      title: message.title,
      body: message.body,
      url: CART_PATH,
      tag: 'abandoned-cart',
    });
  }
}
