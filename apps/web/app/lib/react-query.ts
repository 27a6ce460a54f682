/**
 * What `@tanstack/react-query` resolves to in the app's own modules (vite.config.ts, plugin
 * `sekolo:query-client-on-use`): the package itself, plus the app's QueryClient, created when the
 * first module that uses TanStack Query is loaded. Public pages' first-load JavaScript has no
 * TanStack Query at all; a page, or a deferred part of one, that uses it brings the
 * client with its own modules, so it is provided (`QueryClientSlot` in root.tsx) before they render.
 */
import { createQueryClient } from './query-client';
import { provideQueryClient } from './query-client-slot';

export * from '@tanstack/react-query';

provideQueryClient(createQueryClient);
