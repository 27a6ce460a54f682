/**
 * The browser entry. The production browser build runs on Preact through preact/compat (vite.config.ts,
 * decision 005); the prerendered HTML comes from React at build time. Three things differ from
 * React Router's default entry (hydrateRoot(document, <HydratedRouter />)):
 *
 * 1. Preact cannot render into `document` itself, so the app renders into a stand-in parent whose
 *    only child is the existing <html> element: Preact reuses that element instead of adding one.
 * 2. The page is hydrated: every DOM node is reused (no layout shift, typed input and focus stay)
 *    and attributes are not compared, except the id references: React's useId values in the HTML
 *    (id, label `for`, aria-describedby, aria-controls...) differ from Preact's, so while hydrating
 *    a `diffed` hook writes Preact's value wherever one differs; ids of elements added later then
 *    match. Static content (components/islands/static-content.tsx) is not rendered at all, its
 *    prerendered HTML is kept (decision 006).
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
 * 6. That throwaway render also creates the router (routes from the manifest, the first match, the
 *    history), which HydratedRouter keeps in its module, and the hydration runs in the next task:
 *    two shorter tasks instead of one long one, so the page answers input sooner (decision 006).
 * 7. Every step runs in a task of its own: evaluating the modules, decoding the route data,
 *    creating the router, hydrating the page, then its top bar and footer (HydrateLater in
 *    routes/site-layout.tsx), warming up tailwind-merge (see warmUpClassMerging). Lighthouse counts each task's time over
 *    50 ms (at its 4x CPU slowdown) as blocking, so several short tasks block less than one long one.
 */
import './lib/preact-ref-as-prop';
import { createElement, startTransition, StrictMode } from 'react';
import { HydratedRouter } from 'react-router/dom';
import { hydrate, options, render, type ComponentChild, type ContainerNode, type VNode } from 'preact';
import { isHydrating, setHydrating } from './lib/hydration';
import { cn } from './lib/cn';

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

/** Attributes that hold an element id (React's and Preact's useId values differ). */
const ID_ATTRIBUTES: [prop: string, attribute: string][] = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-controls', 'aria-controls'],
  ['aria-owns', 'aria-owns'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-errormessage', 'aria-errormessage'],
  ['aria-details', 'aria-details'],
  ['list', 'list'],
  ['form', 'form'],
];

/**
 * While hydrating, gives each element the id references Preact rendered (see 2 above). The hook
 * stays: parts of the page that hydrate later (components/islands/hydrate-later.tsx) are corrected
 * the same way while they hydrate.
 */
function correctIdsWhileHydrating(run: () => void) {
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    if (isHydrating() && typeof vnode.type === 'string') {
      // `__e` is the vnode's DOM node (Preact's stable mangled name for `_dom`).
      const dom = (vnode as unknown as { __e?: Element | null }).__e;
      const props = vnode.props as Record<string, unknown>;
      if (dom && dom.nodeType === 1) {
        for (const [prop, attribute] of ID_ATTRIBUTES) {
          const value = props[prop];
          if (typeof value === 'string' && dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
        }
      }
    }
    previous?.(vnode);
  };
  setHydrating(true);
  try {
    run();
  } finally {
    setHydrating(false);
  }
}

/** Calls HydratedRouter's body for its one lasting effect: the router it creates and keeps (see 5 and 6). */
function CreateRouter() {
  HydratedRouter({});
  return null;
}

async function routerReady() {
  for (;;) {
    const scratch = document.createElement('div');
    try {
      render(createElement(CreateRouter) as unknown as ComponentChild, scratch);
      // Unmounting drops the throwaway's router subscription; the router stays.
      render(null, scratch);
      return;
    } catch (thrown) {
      // The route data decoded, the router is created in the next task (see 7 below).
      if (thrown && typeof (thrown as Promise<unknown>).then === 'function')
        await (thrown as Promise<unknown>).then(nextTask);
      else throw thrown;
    }
  }
}

/** Prerendered pages carry their route modules; the SPA fallback only the root's. */
const isSpaFallback = () =>
  Object.keys((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {}).length <= 1;

/**
 * tailwind-merge builds its tables on its first call (~10 ms on a fast machine, 4x that in
 * Lighthouse's model of a phone). Hydration skips it (lib/cn.ts); the first renders after it (the
 * controls that become enabled once hydrated) would pay it in the task of their effects. Paid here
 * instead, in a task of its own that runs before those effects (Preact runs them after the next frame).
 */
function warmUpClassMerging() {
  cn('p-0', 'p-1');
}

/** The next task: work after this is not counted in the same long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

if (import.meta.env.DEV) {
  // `react-router dev` runs React (see vite.config.ts): React Router's default entry.
  void import('react-dom/client').then(({ hydrateRoot }) => {
    startTransition(() => {
      hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter)));
    });
  });
} else {
  // Each step in a task of its own (see 6 and 7 above): evaluating the modules, creating the
  // router, hydrating, then tailwind-merge's tables.
  void nextTask()
    .then(routerReady)
    .then(nextTask)
    .then(() => {
      moveHoistedPreloadsBack();
      const app = createElement(HydratedRouter) as unknown as ComponentChild;
      // The SPA fallback (every path that is not prerendered) shows a loading state, not the
      // route: rendered, so every attribute is corrected as the route comes in.
      if (isSpaFallback()) render(app, documentRoot());
      else correctIdsWhileHydrating(() => hydrate(app, documentRoot()));
    })
    .then(nextTask)
    .then(warmUpClassMerging);
}
