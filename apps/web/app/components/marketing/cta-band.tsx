import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { paths } from '~/config/paths';

/** Closing call to action on a dark band: Get Started and a second action. */
export function CtaBand({
  title,
  text,
  secondary = { label: 'Book a Demo', to: paths.demo },
}: {
  title: string;
  text: React.ReactNode;
  secondary?: { label: string; to: string };
}) {
  return (
    <section aria-labelledby="cta-band-title" className="bg-brand-900">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:flex lg:items-center lg:justify-between lg:gap-12 lg:py-20">
        <div className="max-w-2xl">
          <h2 id="cta-band-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg leading-8 text-brand-100">{text}</p>
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row lg:mt-0 lg:shrink-0">
          <Button asChild variant="inverse" size="lg">
            <Link to={paths.auth.register}>Get Started</Link>
          </Button>
          <Button asChild variant="outlineInverse" size="lg">
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
