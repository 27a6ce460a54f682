/**
 * The browser entry: React 19 hydrates the prerendered HTML with React Router's own hydration.
 * Public pages and dashboards run the same React as the prerender, so the markup,
 * the `useId` values and the route data in the HTML match what the first render produces.
 * `startTransition` makes the hydration interruptible: React yields to input between units of work
 * instead of running one long task.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
