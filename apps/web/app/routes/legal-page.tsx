import { data } from 'react-router';
import { LegalBlock, LegalIntro } from '~/components/marketing/legal-block';
import { LEGAL_LAST_UPDATED } from '~/content/format';
import { getLegalDocument } from '~/content/legal';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/legal-page';

/**
 * One component for every legal and help page (spec 2.1). The document is chosen by the request
 * pathname in a loader, which runs only at build time (every legal path is prerendered): the texts
 * land in each page's HTML and data file instead of in a JavaScript bundle holding all eleven.
 */
export function loader({ request }: Route.LoaderArgs) {
  const document = getLegalDocument(new URL(request.url).pathname);
  if (!document) throw data('No such page', { status: 404 });
  return document;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: pageTitle(loaderData.title) }, { name: 'description', content: loaderData.description }] : [];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalContent document={loaderData} />;
}

function LegalContent({ document }: { document: Route.ComponentProps['loaderData'] }) {
  return (
    <>
      <header className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {document.title}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-pretty text-slate-600">{document.description}</p>
          <p className="mt-4 text-sm text-slate-600">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.display}</time>
          </p>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav
          aria-labelledby="toc-title"
          className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto"
        >
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
            <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
              Contents
            </h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {document.sections.map((section, index) => (
                <li key={section.id} className="flex gap-2">
                  <span className="w-5 shrink-0 text-right text-slate-600 tabular-nums">{index + 1}.</span>
                  <a href={`#${section.id}`} className="text-slate-700 hover:text-brand-800 hover:underline">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="max-w-3xl text-base leading-7 text-slate-700">
          <div className="space-y-4 text-lg leading-8">
            <LegalIntro paragraphs={document.intro} />
          </div>
          {document.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-12 scroll-mt-32"
            >
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
                <span className="mr-2 text-brand-700 tabular-nums">{index + 1}.</span>
                {section.heading}
              </h2>
              <div className="mt-4 space-y-4">
                {section.blocks.map((block, blockIndex) => (
                  <LegalBlock key={blockIndex} block={block} look="page" />
                ))}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
