import { useEffect, useState } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';
import { isHydrating } from '~/lib/hydration';
import { cn } from '~/lib/cn';

/** One object for every render: Preact leaves the element's children alone when it is unchanged. */
const KEEP_PRERENDERED = { __html: '' };

/** Would React Router's <Link> handle this click itself (a plain left click on one of its links)? */
function inAppLink(event: React.MouseEvent<HTMLElement>): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return null;
  if (
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download') ||
    anchor.getAttribute('rel')?.includes('external')
  )
    return null;
  // React Router's <Link> marks its <a> with data-discover; a plain <a> (a file, another app) keeps loading a document.
  if (!anchor.hasAttribute('data-discover')) return null;
  const href = anchor.getAttribute('href') ?? '';
  if (href.startsWith('#') || anchor.origin !== window.location.origin) return null;
  return anchor;
}

/**
 * Static content (an island of no JavaScript, decision 006): markup that never changes after it is
 * rendered (marketing sections, legal text, footer links). When the browser takes over a
 * prerendered page, this keeps the HTML as it is instead of building and comparing it again, which
 * was most of the work of a public page's first render. Any other time (a page reached in the app,
 * prerendering, development) it renders its children as usual.
 *
 * Links inside keep working as React Router <Link>s: a plain click on an in-app link navigates in
 * the app (replacing the entry when it points to the current location, as <Link> does). Do not put
 * anything stateful or interactive inside (forms, menus, NavLink's active state), unless `until`
 * says when it starts to matter: from the first render where `until` is true, the children are
 * rendered for real (e.g. a hidden menu panel, once it opens).
 */
export function StaticContent({
  className,
  until = false,
  children,
}: {
  className?: string;
  until?: boolean;
  children: React.ReactNode;
}) {
  const [wasPrerendered] = useState(isHydrating);
  const [awake, setAwake] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // The prerendered HTML is the page the document was loaded on: once the app shows another path
  // (e.g. from /terms to /privacy-policy, the same component with other children), render for real.
  const [prerenderedPath] = useState(location.pathname);
  const moved = location.pathname !== prerenderedPath;
  useEffect(() => {
    if (until || moved) setAwake(true);
  }, [until, moved]);
  const prerendered = wasPrerendered && !awake && !until && !moved;

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (!prerendered) return; // the children are real <Link>s
    const anchor = inAppLink(event);
    if (!anchor) return;
    event.preventDefault();
    const to = { pathname: anchor.pathname, search: anchor.search, hash: anchor.hash };
    void navigate(to, { replace: createPath(location) === createPath(to) });
  };

  // `display: contents`: the wrapper adds no box, so the layout is the children's own.
  const wrapper = cn('contents', className);
  if (prerendered) return <div className={wrapper} onClick={onClick} dangerouslySetInnerHTML={KEEP_PRERENDERED} />;
  return <div className={wrapper}>{children}</div>;
}
