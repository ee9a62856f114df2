import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { reportClientError, setMonitorContext } from '../../lib/client-errors';
import { setAnalyticsConsent, startAnalytics } from './analytics';
import { APP_VERSION } from './app-version';
import { saveConsent, type Consent } from './consent';
import { pageTypeOf } from './page-type';
import { ConsentBanner, OfflineNotice, PushInvitation, UpdatePrompt } from './platform-notices';
import { registerDevice, pushSupported } from './push';
import { useOffline, useServiceWorker } from './service-worker';
import { usePageAnalytics } from './use-page-analytics';
import { startWebVitals } from './web-vitals';
import './platform.css';

export interface PlatformData {
  /** §4: a bot gets no analytics, no consent banner and no push invitation. */
  bot: boolean;
  consent: Consent | null;
  /** The logged-in shopper's e-mail, for error reports. */
  email: string | null;
}

/**
 * The supporting features of §1 around every page: analytics and tag events (with consent), the
 * performance monitor (web vitals, JavaScript errors), the service worker with its offline notice and
 * update prompt, and the push invitation.
 */
export function PlatformLayer({ data }: { data: PlatformData }) {
  const [consent, setConsent] = useState(data.consent);
  const location = useLocation();
  const matches = useMatches();
  const analyticsOn = !data.bot && consent === 'all';

  // The document's first page only: web vitals measure the document.
  const start = useEffectEvent(() => {
    const stop = startAnalytics({ bot: data.bot, consent: consent === 'all', appVersion: APP_VERSION });
    if (!data.bot)
      startWebVitals({ type: pageTypeOf(location.pathname, matches.at(-1)?.id), path: location.pathname });
    return stop;
  });
  useEffect(() => start(), []);
  useEffect(() => setAnalyticsConsent(consent === 'all'), [consent]);
  usePageAnalytics(analyticsOn, data.email);

  useEffect(() => {
    setMonitorContext({ appVersion: APP_VERSION, email: data.email });
    // A device that already allowed push is subscribed, a visitor's too (nothing asks it again), and follows
    // its shopper: after login it is tied to the customer.
    if (pushSupported() && Notification.permission === 'granted') void registerDevice();
  }, [data.email]);

  useEffect(() => {
    const onError = (event: ErrorEvent) =>
      reportClientError({
        kind: 'unhandled',
        message: event.message || String(event.error),
        ...(event.error instanceof Error && event.error.stack ? { stack: event.error.stack } : {}),
      });
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason instanceof Error ? event.reason : new Error(String(event.reason));
      reportClientError({
        kind: 'unhandled',
        message: reason.message,
        ...(reason.stack ? { stack: reason.stack } : {}),
      });
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  const worker = useServiceWorker(!data.bot);
  const offline = useOffline();

  return (
    <>
      <div className="platform-bars">
        {offline ? <OfflineNotice /> : null}
        {worker.updateReady ? <UpdatePrompt onUpdate={worker.update} /> : null}
        {data.bot ? null : <PushInvitation />}
        {!data.bot && consent === null ? (
          <ConsentBanner
            onChoose={(choice) => {
              saveConsent(choice);
              setConsent(choice);
            }}
          />
        ) : null}
      </div>
    </>
  );
}
