import type { FastifyPluginAsync } from 'fastify';
import type { DbExecutor } from '../../platform/db/client.ts';
import { sitemapEntries } from './catalogue.ts';

/**
 * Another module's public pages for the sitemap (bookings' service pages, the funding campaigns,
 * the directory's profiles): paths on this site, with when each last changed if known.
 */
export type TSitemapSource = (db: DbExecutor) => Promise<{ path: string; updatedAt?: Date }[]>;
const sources = new Map<string, TSitemapSource>();

/** Registers (or replaces: tests build many apps) a module's sitemap entries under its name. */
export function addSitemapSource(name: string, source: TSitemapSource): void {
  sources.set(name, source);
}

/** The public pages every sitemap lists (the prerendered ones and the marketplace). */
const STATIC_PATHS = ['/', '/features', '/pricing', '/marketplace', '/contact', '/demo'];

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** GET /sitemap.xml: the public pages, each published listing's page, each seller's page (D21) and the sources'. */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const origin = new URL(app.deps.config.publicUrl).origin;
    const { db } = app.deps.database;
    const { listings, sellers } = await sitemapEntries(db);
    const extra = (await Promise.all([...sources.values()].map((source) => source(db)))).flat();
    const urls = [
      ...STATIC_PATHS.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
      ...listings.map(
        (l) =>
          `<url><loc>${escapeXml(`${origin}/marketplace/listings/${l.id}`)}</loc><lastmod>${day(l.updatedAt)}</lastmod></url>`,
      ),
      ...sellers.map((slug) => `<url><loc>${escapeXml(`${origin}/marketplace/sellers/${slug}`)}</loc></url>`),
      ...extra.map(
        (entry) =>
          `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.updatedAt ? `<lastmod>${day(entry.updatedAt)}</lastmod>` : ''}</url>`,
      ),
    ];
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
};
