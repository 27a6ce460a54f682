import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { LEGAL_PATHS } from './config/prerendered-paths';

export default [
  // The public site: top bar and footer around every page.
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('features', 'routes/features.tsx'),
    route('pricing', 'routes/pricing.tsx'),
    route('marketplace', 'routes/marketplace.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('contact-specialists', 'routes/contact-specialists.tsx'),
    route('demo', 'routes/demo.tsx'),
    route('application-submitted', 'routes/application-submitted.tsx'),
    route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
    route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
    ...LEGAL_PATHS.map((path) => route(path.slice(1), 'routes/legal-page.tsx', { id: `legal${path}` })),
    route('privacy', 'routes/privacy-redirect.tsx'),
    route('not-found', 'routes/not-found.tsx'),
  ]),
  route('dev/outbox', 'routes/dev-outbox.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
