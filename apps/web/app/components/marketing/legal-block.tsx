import type { TBlock, TRich } from '~/content/legal/types';
import { RichText } from './rich-text';

/** How a legal block looks: on its own page, roomy; in the wizard's scroll box, compact. */
const LOOKS = {
  page: {
    ul: 'list-disc space-y-2 pl-6 marker:text-brand-700',
    ol: 'list-decimal space-y-2 pl-6 marker:font-semibold marker:text-brand-700',
    dl: 'divide-y divide-slate-200 rounded-2xl border border-slate-200',
    dlRow: 'grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4',
    dd: 'sm:col-span-2',
  },
  box: {
    ul: 'list-disc space-y-1 pl-5',
    ol: 'list-decimal space-y-1 pl-5',
    dl: 'space-y-2',
    dlRow: undefined,
    dd: undefined,
  },
} as const;

function Paragraphs({ values }: { values: readonly TRich[] }) {
  return values.map((paragraph, index) => (
    <p key={index}>
      <RichText value={paragraph} />
    </p>
  ));
}

/** One block of a legal document (paragraph, list, definitions or question and answer). */
export function LegalBlock({ block, look }: { block: TBlock; look: keyof typeof LOOKS }) {
  const classes = LOOKS[look];
  switch (block.type) {
    case 'p':
      return <Paragraphs values={[block.text]} />;
    case 'ul':
    case 'ol': {
      const List = block.type;
      return (
        <List className={classes[block.type]}>
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
        <dl className={classes.dl}>
          {block.items.map((item) => (
            <div key={item.term} className={classes.dlRow}>
              <dt className="font-semibold text-slate-900">{item.term}</dt>
              <dd className={classes.dd}>
                <RichText value={item.detail} />
              </dd>
            </div>
          ))}
        </dl>
      );
    case 'qa':
      return look === 'page' ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{block.question}</h3>
          <div className="mt-2 space-y-3">
            <Paragraphs values={block.answer} />
          </div>
        </div>
      ) : (
        <div>
          <p className="font-semibold text-slate-900">{block.question}</p>
          <Paragraphs values={block.answer} />
        </div>
      );
  }
}

/** The paragraphs before a legal document's first section. */
export function LegalIntro({ paragraphs }: { paragraphs: readonly TRich[] }) {
  return <Paragraphs values={paragraphs} />;
}
