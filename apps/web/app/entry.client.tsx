/**
 * The browser entry. The production browser build runs on Preact through preact/compat (vite.config.ts,
 * decision 005); the prerendered HTML comes from React at build time. Three things differ from
 * React Router's default entry (hydrateRoot(document, <HydratedRouter />)):
 *
 * 1. Preact cannot render into `document` itself, so the app renders into a stand-in parent whose
 *    only child is the existing <html> element: Preact reuses that element instead of adding one.
 * 2. The page is rendered with `render`, not `hydrate`. Both reuse the existing DOM nodes (nothing
 *    is recreated, no layout shift, typed input and focus stay), but `render` also corrects the
 *    attributes: React's useId values in the HTML (label `for`, aria-describedby, Radix ids)
 *    become Preact's, so the ids of elements added later still match.
 * 3. React hoists the <link rel="modulepreload"> that <Scripts /> renders in <body> into <head>.
 *    They go back to where the components render them, so each element is reused as itself
 *    (otherwise Preact would reuse a preload as the stylesheet link and drop the real one).
 * 4. React 19 passes `ref` to function components as a prop (our Input, Textarea etc. spread it
 *    onto the element; react-hook-form's register() relies on it). preact/compat 10 only does
 *    that for forwardRef components and otherwise points the ref at the component instance, so a
 *    vnode hook (lib/preact-ref-as-prop.ts, imported first) moves it into the props.
 * 5. HydratedRouter throws a promise on its first render while it decodes the route data carried
 *    in the HTML (React suspends the whole root on it; Preact has no root suspension). A throwaway
 *    first render catches that promise, and the real render starts once it has settled.
 */
import './lib/preact-ref-as-prop';
import { createElement, startTransition, StrictMode } from 'react';
import { HydratedRouter } from 'react-router/dom';
import { render, type ComponentChild, type ContainerNode } from 'preact';

function documentRoot(): ContainerNode {
  const html = document.documentElement;
  const insert = (child: Node, before?: Node | null) => document.insertBefore(child, before ?? null);
  return {
    nodeType: 1,
    parentNode: document,
    firstChild: html,
    childNodes: [html],
    contains: (node: Node | null) => html.contains(node),
    insertBefore: insert,
    appendChild: (child: Node) => insert(child),
    removeChild: (child: Node) => document.removeChild(child),
  } as unknown as ContainerNode;
}

function moveHoistedPreloadsBack() {
  const contextScript = [...document.body.querySelectorAll('script:not([src])')].find((script) =>
    script.textContent?.includes('window.__reactRouterContext ='),
  );
  if (!contextScript) return;
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) {
    contextScript.before(link);
  }
}

async function routerDataReady() {
  try {
    render(createElement(HydratedRouter) as unknown as ComponentChild, document.createElement('div'));
  } catch (thrown) {
    if (thrown && typeof (thrown as Promise<unknown>).then === 'function') await thrown;
    else throw thrown;
  }
}

if (import.meta.env.DEV) {
  // `react-router dev` runs React (see vite.config.ts): React Router's default entry.
  void import('react-dom/client').then(({ hydrateRoot }) => {
    startTransition(() => {
      hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter)));
    });
  });
} else {
  void routerDataReady().then(() => {
    moveHoistedPreloadsBack();
    render(createElement(HydratedRouter) as unknown as ComponentChild, documentRoot());
  });
}
