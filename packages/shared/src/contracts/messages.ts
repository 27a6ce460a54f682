import { z } from 'zod';
import {
  ZArchiveSchema,
  ZConversationAboutSchema,
  ZConversationDetail,
  ZConversationList,
  ZConversationListQuery,
  ZMessage,
  ZRecipientList,
  ZRecipientQuery,
  ZSearchQuery,
  ZSearchResults,
  ZSendMessageSchema,
  ZStartConversationSchema,
  ZThreadQuery,
  ZUnreadCounts,
} from '../schemas/messages.ts';
import { contract } from './contract.ts';

const ZConversationParams = z.object({ id: z.uuid() });

/** Messages (modules/messages): the caller's own conversations; a school's staff and parents start them. */
export const messageContracts = {
  list: contract({
    method: 'GET',
    path: '/api/messages/conversations',
    query: ZConversationListQuery,
    response: ZConversationList,
  }),
  unread: contract({ method: 'GET', path: '/api/messages/unread', response: ZUnreadCounts }),
  search: contract({ method: 'GET', path: '/api/messages/search', query: ZSearchQuery, response: ZSearchResults }),
  get: contract({
    method: 'GET',
    path: '/api/messages/conversations/:id',
    params: ZConversationParams,
    query: ZThreadQuery,
    response: ZConversationDetail,
  }),
  send: contract({
    method: 'POST',
    path: '/api/messages/conversations/:id/messages',
    params: ZConversationParams,
    body: ZSendMessageSchema,
    status: 201,
    response: ZMessage,
  }),
  markRead: contract({
    method: 'POST',
    path: '/api/messages/conversations/:id/read',
    params: ZConversationParams,
    status: 204,
    response: null,
  }),
  archive: contract({
    method: 'PUT',
    path: '/api/messages/conversations/:id/archive',
    params: ZConversationParams,
    body: ZArchiveSchema,
    status: 204,
    response: null,
  }),
  recipients: contract({
    method: 'GET',
    path: '/api/messages/recipients',
    query: ZRecipientQuery,
    response: ZRecipientList,
  }),
  /**
   * The conversation of an order's or booking's customer with its seller (every member of the
   * seller's organisation), opened once and answered again after; for the customer or the seller
   * only (404 for anyone else, as for an order that does not exist).
   */
  about: contract({
    method: 'POST',
    path: '/api/messages/about',
    body: ZConversationAboutSchema,
    response: z.object({ conversationId: z.uuid() }),
  }),
  start: contract({
    method: 'POST',
    path: '/api/messages/conversations',
    body: ZStartConversationSchema,
    status: 201,
    response: z.object({ conversationId: z.uuid() }),
  }),
} as const;
