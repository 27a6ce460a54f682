import { z } from 'zod';
import { contract } from './contract.ts';

/**
 * The signed-in user's own events, as Server-Sent Events (text/event-stream): each has an `id`, an
 * `event` type and JSON `data`. `ready` opens the stream; `reset` tells the page that events were
 * missed beyond what is kept, so it reloads what it shows. A browser that reconnects sends the last
 * id it saw (the Last-Event-ID header, or `lastEventId` on a new page) and gets what it missed.
 */
export const realtimeContracts = {
  stream: contract({
    method: 'GET',
    path: '/api/realtime/stream',
    query: z.object({
      lastEventId: z
        .string()
        .regex(/^\d{1,18}$/)
        .optional(),
    }),
    response: null,
    answer: 'event-stream',
  }),
} as const;

/** The event types the platform itself sends on every stream. */
export const REALTIME_READY = 'ready';
export const REALTIME_RESET = 'reset';
/** A new in-app notification for the user (data: its kind): the bell asks for its count again. */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';
