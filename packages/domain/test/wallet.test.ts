import { describe, expect, it } from 'vitest';
import {
  WALLET_CARD_IN_USE_MESSAGE,
  WALLET_CARD_TYPES,
  WALLET_POLLING_MESSAGES,
  walletLinkState,
} from '../src/index';

describe('wallet', () => {
  it('derives the §6 link state from cluster, hasWallet and isLinked', () => {
    for (const isLinked of [false, true])
      expect(walletLinkState({ clusterCencopay: false, hasWallet: false, isLinked })).toBe('hidden');
    // A customer with the group's wallet is in its cluster (issue 28: the demo wallet was 'not available'
    // while 'Pagar' charged it).
    expect(walletLinkState({ clusterCencopay: false, hasWallet: true, isLinked: false })).toBe('link');
    expect(walletLinkState({ clusterCencopay: false, hasWallet: true, isLinked: true })).toBe('linked');
    expect(walletLinkState({ clusterCencopay: true, hasWallet: false, isLinked: false })).toBe('create');
    expect(walletLinkState({ clusterCencopay: true, hasWallet: false, isLinked: true })).toBe('create');
    expect(walletLinkState({ clusterCencopay: true, hasWallet: true, isLinked: false })).toBe('link');
    expect(walletLinkState({ clusterCencopay: true, hasWallet: true, isLinked: true })).toBe('linked');
  });
  it('has the texts of §4 and §8 and the §3 payment methods', () => {
    expect(WALLET_POLLING_MESSAGES).toEqual([
      'Tu pago está siendo procesado, espera un momento.',
      'Aún no hemos terminado, espera un momento.',
    ]);
    expect(WALLET_CARD_IN_USE_MESSAGE).toBe(
      'Puedes eliminar tu tarjeta una vez que tu pedido haya sido recolectado y la boleta haya sido emitida.',
    );
    expect(Object.values(WALLET_CARD_TYPES)).toEqual(['OneClick', 'DebitoOneClick', 'CATOneClick']);
  });
});
