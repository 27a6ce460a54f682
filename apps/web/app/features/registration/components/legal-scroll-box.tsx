import { RichText } from '~/components/marketing/rich-text';
import type { ILegalDocument, TBlock } from '~/content/legal/types';

function Block({ block }: { block: TBlock }) {
  switch (block.type) {
    case 'p':
      return (
        <p>
          <RichText value={block.text} />
        </p>
      );
    case 'ul':
    case 'ol': {
      const List = block.type;
      return (
        <List className={block.type === 'ul' ? 'list-disc space-y-1 pl-5' : 'list-decimal space-y-1 pl-5'}>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichText value={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'dl':
      return (
        <dl className="space-y-2">
          {block.items.map((item) => (
            <div key={item.term}>
              <dt className="font-semibold text-slate-900">{item.term}</dt>
              <dd>
                <RichText value={item.detail} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'qa':
      return (
        <div>
          <p className="font-semibold text-slate-900">{block.question}</p>
          {block.answer.map((paragraph, index) => (
            <p key={index}>
              <RichText value={paragraph} />
            </p>
          ))}
        </div>
      );
  }
}

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
      {document.intro.map((paragraph, index) => (
        <p key={index}>
          <RichText value={paragraph} />
        </p>
      ))}
      {document.sections.map((section) => (
        <section key={section.id} className="space-y-2">
          <h5 className="font-semibold text-slate-900">{section.heading}</h5>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
