import { Fragment } from 'react';
import { Link } from 'react-router';
import type { TRich } from '~/content/legal/types';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** Renders a run of content text: plain strings, with site links as router links and others as <a>. */
export function RichText({ value }: { value: TRich }) {
  if (typeof value === 'string') return value;
  return value.map((part, index) => {
    if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
    if (part.to.startsWith('/')) {
      return (
        <Link key={index} to={part.to} className={linkClass}>
          {part.text}
        </Link>
      );
    }
    const external = part.to.startsWith('http');
    return (
      <a key={index} href={part.to} className={linkClass} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {part.text}
        {external && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    );
  });
}
