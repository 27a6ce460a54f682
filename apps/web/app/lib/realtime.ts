import { useEffect, useRef } from 'react';
import type { realtimeContracts } from '@sekolo/shared/contracts/realtime';
import { REALTIME_READY, REALTIME_RESET } from '@sekolo/shared/contracts/realtime';
import { contractRef } from '@sekolo/shared/contracts/contract';
import { urlOf } from '~/lib/api-client';

const stream = contractRef<typeof realtimeContracts.stream>('GET', '/api/realtime/stream');
/** The last event id seen, kept for the tab: a reload asks the server for what it missed meanwhile. */
const LAST_EVENT_KEY = 'sekolo.realtime.lastEventId';

type THandler = (event: MessageEvent) => void;

/** Handlers per event type; `reset` goes to every feature (events were missed: reload). */
const handlers = new Map<string, Set<THandler>>();
let source: EventSource | null = null;
let users = 0;

function remember(event: MessageEvent) {
  if (event.lastEventId) sessionStorage.setItem(LAST_EVENT_KEY, event.lastEventId);
}

function dispatch(type: string) {
  return (event: Event) => {
    remember(event as MessageEvent);
    for (const handler of handlers.get(type) ?? []) handler(event as MessageEvent);
  };
}

const listening = new Set<string>();
function listen(type: string) {
  if (!source || listening.has(type)) return;
  listening.add(type);
  source.addEventListener(type, dispatch(type));
}

function open() {
  const last = sessionStorage.getItem(LAST_EVENT_KEY) ?? undefined;
  source = new EventSource(urlOf(stream, { query: { lastEventId: last } }), { withCredentials: true });
  listening.clear();
  for (const type of [REALTIME_READY, REALTIME_RESET, ...handlers.keys()]) listen(type);
}

/**
 * The signed-in user's event stream, one per tab however many features use it (EventSource
 * reconnects by itself, sending the last id it saw). `on` maps event types to handlers; the
 * `reset` event (events missed beyond what the server keeps) should reload what the feature shows.
 * The stream closes when the last user unmounts.
 */
export function useRealtimeEvents(enabled: boolean, on: Record<string, THandler>) {
  const latest = useRef(on);
  latest.current = on;
  const types = Object.keys(on).sort().join(' ');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const mine = types.split(' ').filter(Boolean);
    const wrappers = mine.map((type) => {
      const wrapper: THandler = (event) => latest.current[type]?.(event);
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(wrapper);
      return [type, wrapper] as const;
    });
    users += 1;
    if (!source) open();
    else for (const type of mine) listen(type);
    return () => {
      for (const [type, wrapper] of wrappers) handlers.get(type)?.delete(wrapper);
      users -= 1;
      if (users === 0) {
        source?.close();
        source = null;
        listening.clear();
      }
    };
  }, [enabled, types]);
}
