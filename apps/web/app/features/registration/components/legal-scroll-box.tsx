import { LegalBlock, LegalIntro } from '~/components/marketing/legal-block';
import type { ILegalDocument } from '~/content/legal/types';

/** A legal document in a scrollable box (spec 2.9: the terms step's "scrollable texts"). */
export function LegalScrollBox({ document, id }: { document: ILegalDocument; id: string }) {
  return (
    <div
      id={id}
      tabIndex={0}
      role="region"
      aria-label={document.title}
      className="h-64 space-y-3 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <h4 className="text-base font-semibold text-slate-900">{document.title}</h4>
      <LegalIntro paragraphs={document.intro} />
      {document.sections.map((section) => (
        <section key={section.id} className="space-y-2">
          <h5 className="font-semibold text-slate-900">{section.heading}</h5>
          {section.blocks.map((block, index) => (
            <LegalBlock key={index} block={block} look="box" />
          ))}
        </section>
      ))}
    </div>
  );
}
