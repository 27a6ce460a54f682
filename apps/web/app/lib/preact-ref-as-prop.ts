/**
 * React 19 passes `ref` to function components as an ordinary prop; Preact keeps it aside for
 * class components and forwardRef/memo wrappers only. Our form controls (Input, Textarea,
 * NativeSelect, ...) are plain function components that spread their props onto the DOM element,
 * so without this hook react-hook-form's `register` ref never reaches the <input> in the Preact
 * browser build (decision 005) and every registered field reads as empty.
 *
 * Imported first by app/entry.client.tsx; the prerender (React) does not need it.
 */
import { options, type VNode } from 'preact';

type TComponentType = { prototype?: { render?: unknown; isReactComponent?: unknown } };

const previousVNodeHook = options.vnode;

options.vnode = (vnode: VNode) => {
  const type = vnode.type as unknown;
  const holder = vnode as unknown as { ref?: unknown; props: Record<string, unknown> };
  if (typeof type === 'function' && holder.ref != null) {
    const prototype = (type as TComponentType).prototype;
    const isClassLike = Boolean(prototype && (prototype.render || prototype.isReactComponent));
    if (!isClassLike) {
      holder.props.ref = holder.ref;
      holder.ref = undefined;
    }
  }
  previousVNodeHook?.(vnode);
};
