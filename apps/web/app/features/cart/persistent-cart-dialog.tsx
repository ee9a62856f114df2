import { Dialog } from '../../ui/dialog';
import type { PersistentCartQuestion } from './persistent-cart-question';

const products = (count: number) => `${count} ${count === 1 ? 'producto' : 'productos'}`;

/**
 * §2 persistent-cart dialog, after login when the account's saved cart and this browser's cart both have
 * products: merge them, or keep this browser's cart. The login flow owns when it opens and what the
 * answer does (see resolvePersistentCart); closing it keeps the current cart.
 */
export function PersistentCartDialog({
  question,
  onAnswer,
  busy = false,
}: {
  question: PersistentCartQuestion | null;
  onAnswer: (choice: 'merge' | 'keep') => void;
  busy?: boolean;
}) {
  return (
    <Dialog open={question !== null} title="Tienes un carro guardado" onClose={() => onAnswer('keep')}>
      {question ? (
        <div className="cart-persistent">
          <p>
            Tu cuenta tiene un carro guardado con {products(question.storedUnits)} y en este carro tienes{' '}
            {products(question.currentUnits)}. ¿Quieres juntarlos?
          </p>
          <div className="cart-persistent__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => onAnswer('merge')}
            >
              Juntar carros
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => onAnswer('keep')}>
              Seguir con este carro
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
