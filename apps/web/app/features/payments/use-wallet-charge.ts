import { useCallback, useEffect, useRef, useState } from 'react';
import {
  WALLET_APPROVED_CODE,
  WALLET_POLLING_INTERVAL_MS,
  WALLET_POLLING_MESSAGES,
  WALLET_PROCESSING_CODE,
} from '@despensa/domain';
import { apiCall } from '../../lib/api-client';

export type WalletChargeEnd = 'approved' | 'failed' | 'unavailable';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * §4 wallet charge: `POST /wallet/transaction` (idCard, tId), then `GET /wallet/status/{internalCode}` every
 * 10 s while the code is 200-2, the two §4 messages alternating meanwhile. Ends approved on 200-0, failed on
 * any other code, unavailable when a call failed on the network (error_503 is raised already).
 */
export function useWalletCharge() {
  const [message, setMessage] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const charge = useCallback(async (idCard: string, tId: string): Promise<WalletChargeEnd> => {
    let answer = await apiCall('/api/wallet/transaction', 'walletCharge', {
      method: 'POST',
      body: { idCard, tId },
    });
    for (let polls = 0; answer.ok && answer.data.code === WALLET_PROCESSING_CODE; polls++) {
      if (!mounted.current) return 'unavailable';
      setMessage(WALLET_POLLING_MESSAGES[polls % WALLET_POLLING_MESSAGES.length]!);
      await wait(WALLET_POLLING_INTERVAL_MS);
      answer = await apiCall(
        `/api/wallet/status/${encodeURIComponent(answer.data.internalCode)}`,
        'walletCharge',
      );
    }
    if (mounted.current) setMessage(null);
    if (!answer.ok) return answer.unreachable ? 'unavailable' : 'failed';
    return answer.data.code === WALLET_APPROVED_CODE ? 'approved' : 'failed';
  }, []);

  return { charge, message };
}
