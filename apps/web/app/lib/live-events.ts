import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@despensa/contracts';
import { apiHeaders } from './api-client';

/** How long to wait before reconnecting a dropped stream (the server's `retry:` says the same). */
const RETRY_MS = 2000;

/**
 * Follows a server-sent event stream of the shop's /api (status, line, chat, order events). It reads the
 * stream with fetch rather than EventSource because every /api call carries the key headers; like
 * EventSource it reconnects and resumes after the last event seen (Last-Event-ID), so nothing is lost.
 */
export function useLiveEvents(url: string | null, onEvent: (event: RealtimeEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let lastEventId: string | null = null;
    let stopped = false;
    const follow = async () => {
      while (!stopped) {
        try {
          // Raw fetch: a server-sent event stream read as it arrives (EventSource cannot send the key headers).
          const response = await fetch(url, {
            headers: {
              accept: 'text/event-stream',
              ...apiHeaders(),
              ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
            },
            signal: controller.signal,
          });
          if (!response.ok || !response.body) throw new Error(`events ${response.status}`);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let text = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            text += value;
            let end: number;
            while ((end = text.indexOf('\n\n')) >= 0) {
              const block = text.slice(0, end);
              text = text.slice(end + 2);
              const id = /^id: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (id) lastEventId = id;
              if (data) handler.current(JSON.parse(data) as RealtimeEvent);
            }
          }
        } catch {
          if (stopped) return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    };
    void follow();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [url]);
}
