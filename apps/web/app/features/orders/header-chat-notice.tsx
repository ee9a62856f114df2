import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ChatNotification } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { useAccount } from '../account';
import { ChatBar } from './order-chat';
import { useChanged } from '../../lib/use-changed';

export const CHAT_NOTIFICATION_PATH = '/api/orders/chat-notification';
/** How often the header asks (well inside the 30 s a waiting shopper would notice). */
const CHAT_NOTIFICATION_EVERY_MS = 10_000;

/**
 * The main header's chat notification (§2, §3, §4): the store's pending messages on any page, for a
 * logged-in shopper. A small read every few seconds while the tab is visible: shared pages come from the
 * page cache, so the header learns of it in the browser, not in the render. A failed read changes nothing
 * (it is a background check: no 503 screen). The purchase page shows its own bar for its chat.
 */
export function HeaderChatNotice() {
  const { account } = useAccount();
  const { pathname } = useLocation();
  const [notice, setNotice] = useState<ChatNotification | null>(null);
  const loggedIn = account !== null;

  // Logging out drops the notice.
  if (useChanged(loggedIn) && !loggedIn) setNotice(null);
  useEffect(() => {
    if (!loggedIn) return;
    let stopped = false;
    const read = async () => {
      if (document.visibilityState === 'hidden') return;
      // A failed read is logged; the next read tries again.
      const answer = await apiCall(CHAT_NOTIFICATION_PATH, 'chatNotification', { background: true });
      if (!stopped && answer.ok) setNotice(answer.data);
    };
    void read();
    const timer = setInterval(() => void read(), CHAT_NOTIFICATION_EVERY_MS);
    document.addEventListener('visibilitychange', read);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [loggedIn, pathname]);

  if (!notice?.action || !notice.purchaseId) return null;
  if (pathname.endsWith(`/${notice.purchaseId}`)) return null;
  return (
    <div className="header-chat-notice container">
      <ChatBar unread={notice.count} href={notice.action} />
    </div>
  );
}
